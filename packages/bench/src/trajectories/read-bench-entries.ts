import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engramPaths } from '@engram/fs';
import { documentEntries, formatRecipe, MEMORY_FILE_NAMES, parseMemoryFile, parseRecipeFile, RECIPES_FILE } from '@engram/hippocampus';
import type { BenchEntry } from './score-trajectories.js';

/** The semantic files that hold what engram learned (profile.md holds facts about the user, not lessons). */
const LEARNED_FILES = ['rules', 'lessons'] as const;

const readText = (file: string): string | null => (existsSync(file) ? readFileSync(file, 'utf8') : null);

/**
 * Every learned entry in a home and its projects, as the files hold them now: the rules and
 * lessons of the global memory and of each project (scope: `global` or the project's name), and
 * the recovery recipes of procedural memory (global). Read from the files, so the bench counts
 * what a later session would find, whichever code wrote it.
 */
export const readBenchEntries = (home: string, projects: ReadonlyMap<string, string>, env: NodeJS.ProcessEnv): BenchEntry[] => {
  const out: BenchEntry[] = [];
  const memoryOf = (dir: string, scope: string, engramScope: 'global' | 'project'): void => {
    for (const file of LEARNED_FILES) {
      const text = readText(join(dir, MEMORY_FILE_NAMES[file]));
      if (text === null) continue;
      for (const e of documentEntries(parseMemoryFile(file, engramScope, text))) out.push({ id: `${scope}:${e.id}`, scope, kind: e.section ?? file, text: e.text });
    }
  };
  const global = engramPaths({ home }, env);
  memoryOf(global.globalMemoryDir, 'global', 'global');
  for (const [name, folder] of projects) {
    const dir = engramPaths({ home, project: folder }, env).projectMemoryDir;
    if (dir !== null) memoryOf(dir, name, 'project');
  }
  const recipesFile = join(global.skillsDir, RECIPES_FILE);
  const recipes = readText(recipesFile);
  if (recipes !== null) for (const r of parseRecipeFile(recipes, recipesFile).recipes) out.push({ id: `recipe:${r.recipeId}`, scope: 'global', kind: 'recipe', text: formatRecipe(r) });
  return out;
};
