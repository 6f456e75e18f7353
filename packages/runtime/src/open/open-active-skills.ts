import { engramPaths } from '@engram/fs';
import { FileRecipeStore, FileSkillStore, type RecipeStore, type SkillStore } from '@engram/hippocampus';
import { storeSettings } from '../store-settings.js';
import { openActiveBrain, type MemoryFlags } from './open-active-brain.js';

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
export const openActiveSkills = async (options: Omit<MemoryFlags, 'project'>, env: NodeJS.ProcessEnv = process.env): Promise<ActiveSkills> => {
  if (storeSettings(options, env) === null) {
    const skills = new FileSkillStore({ root: engramPaths({ home: options.home }, env).skillsDir });
    const recipes = new FileRecipeStore({ root: skills.root });
    return { skills, recipes, root: skills.root, recipesFile: recipes.file, close: () => Promise.resolve() };
  }
  const brain = await openActiveBrain({ ...options, project: null }, env);
  const { skills, recipes } = brain.stores;
  return { skills, recipes, root: skills.location, recipesFile: recipes.location, close: () => brain.close() };
};
