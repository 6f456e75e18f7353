import { formatRecipe, type StoredRecipe } from '@engram/hippocampus';
import { openActiveSkills } from '@engram/runtime';
import { defaultIo, type MemoryIo } from '../memory/open-memory.js';
import { runSkillsCommand, type SkillsRootOptions } from './open-skills.js';

export interface SkillsListOptions extends SkillsRootOptions {
  readonly json?: boolean;
}

/** Strongest first, then the most recently learned: the order they would be offered in. */
const byStrength = (a: StoredRecipe, b: StoredRecipe): number => b.confidence - a.confidence || Date.parse(b.lastSeen) - Date.parse(a.lastSeen);

/**
 * `engram skills list`: every skill by label with its description, then the recovery recipes
 * (procedural memory the basal ganglia learned, `skills/recipes.json`) in their own section, and
 * what could not be read. With no recipes the output is the skills alone, as before.
 */
export const runSkillsList = (options: SkillsListOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runSkillsCommand('list', io, async () => {
    const store = await openActiveSkills(options);
    const [{ skills, problems }, listed] = await Promise.all([store.skills.list(), store.recipes.list()]).finally(() => store.close());
    const recipes = [...listed.recipes].sort(byStrength);
    if (options.json === true) io.out(`${JSON.stringify({ root: store.root, skills, problems, recipesFile: store.recipesFile, recipes, recipeProblems: listed.problems })}\n`);
    else {
      if (skills.length === 0) io.out(`no skills in ${store.root}\n`);
      for (const s of skills) io.out(`${s.label}${s.description === '' ? '' : `  ${s.description.replace(/\s+/g, ' ')}`}\n`);
      if (recipes.length > 0) {
        io.out(`\nrecovery recipes (${store.recipesFile}):\n`);
        for (const r of recipes) io.out(`- ${formatRecipe(r)}  [${r.recipeId}]\n`);
      }
      for (const p of problems) io.err(`note: ${p.folder}: ${p.reason}\n`);
      for (const p of listed.problems) io.err(`note: ${p.file}${p.field === null ? '' : `: ${p.field}`}: ${p.reason}\n`);
    }
    return 0;
  });
