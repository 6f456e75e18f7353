import { FileRecipeStore, type RecipeStore, type SkillStore } from '@engram/hippocampus';
import { activeStore, type StoreFlags } from '../store/active-store.js';
import { openActiveBrain } from '../store/open-active-brain.js';
import { MemoryUsageError } from '../memory/open-memory.js';
import { openSkills, type SkillsRootOptions } from './open-skills.js';

/** Procedural memory on the active store, and how to release it. */
export interface ActiveSkills {
  readonly skills: SkillStore;
  readonly recipes: RecipeStore;
  /** The skills' folder, or the store and tenant. */
  readonly root: string;
  /** The recipes' file, or the store and tenant. */
  readonly recipesFile: string;
  readonly close: () => Promise<void>;
}

/**
 * Skills and recovery recipes where `--store`/`ENGRAM_STORE` says: `$ENGRAM_HOME/skills` (the
 * default, no database client loaded), or PostgreSQL through the brain the runtime opens.
 */
export const openActiveSkills = async (options: SkillsRootOptions & StoreFlags, env: NodeJS.ProcessEnv = process.env): Promise<ActiveSkills> => {
  const active = activeStore(options, env);
  if (active.kind === 'problem') throw new MemoryUsageError(active.problem);
  if (active.kind === 'files') {
    const skills = openSkills(options);
    const recipes = new FileRecipeStore({ root: skills.root });
    return { skills, recipes, root: skills.root, recipesFile: recipes.file, close: () => Promise.resolve() };
  }
  const brain = await openActiveBrain({ ...options, project: null }, env);
  const { skills, recipes } = brain.stores;
  return { skills, recipes, root: skills.location, recipesFile: recipes.location, close: () => brain.close() };
};
