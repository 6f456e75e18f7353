import { openActiveSkills, skillsText } from '@engram/runtime';
import { defaultIo, type MemoryIo } from '../memory/open-memory.js';
import { runSkillsCommand, type SkillsRootOptions } from './open-skills.js';

export interface SkillsListOptions extends SkillsRootOptions {
  readonly json?: boolean;
}

/**
 * `engram skills list`: every skill by label with its description, then the recovery recipes
 * (procedural memory the basal ganglia learned, `skills/recipes.json`) in their own section, and
 * what could not be read. With no recipes the output is the skills alone, as before.
 */
export const runSkillsList = (options: SkillsListOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runSkillsCommand('list', io, async () => {
    const store = await openActiveSkills(options);
    const [{ skills, problems }, listed] = await Promise.all([store.skills.list(), store.recipes.list()]).finally(() => store.close());
    if (options.json === true) io.out(`${JSON.stringify({ root: store.root, skills, problems, recipesFile: store.recipesFile, recipes: skillsText.recipesByStrength(listed), recipeProblems: listed.problems })}\n`);
    else {
      const shown = skillsText.list(store, { skills, problems }, listed);
      io.out(shown.out);
      io.err(shown.notes);
    }
    return 0;
  });
