import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engramPaths } from '@engram/fs';
import { documentEntries, formatRecipe, MEMORY_FILE_NAMES, parseMemoryFile, parseRecipeFile, RECIPES_FILE } from '@engram/hippocampus';
import type { BenchEntry } from './score-trajectories.js';

/** The semantic files that hold what engram learned (profile.md holds facts about the user, not lessons). */
const LEARNED_FILES = ['rules', 'lessons'] as const;

const readText = (file: string): string | null => (existsSync(file) ? readFileSync(file, 'utf8') : null);

/**
 * The call lessons a project learned (`<project>/.engram/call-lessons.json`, written by the runtime,
 * which the bench may not import): only each lesson's id and text are read; a file that is not
 * the expected shape counts as none, since the bench scores what a session would be shown.
 */
const callLessons = (projectDir: string): { lessonId: string; text: string }[] => {
  const text = readText(join(projectDir, 'call-lessons.json'));
  if (text === null) return [];
  try {
    const parsed = JSON.parse(text) as { lessons?: unknown };
    return Array.isArray(parsed.lessons)
      ? parsed.lessons.filter((l): l is { lessonId: string; text: string } => typeof l === 'object' && l !== null && typeof (l as { lessonId?: unknown }).lessonId === 'string' && typeof (l as { text?: unknown }).text === 'string')
      : [];
  } catch {
    return [];
  }
};

/**
 * Every learned entry in a home and its projects, as the files hold them now: the rules and
 * lessons of the global memory and of each project (scope: `global` or the project's name), and
 * the call lessons each project learned from a failed call and its recovery, and the recovery
 * recipes of procedural memory (global). Read from the files, so the bench counts
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
    const paths = engramPaths({ home, project: folder }, env);
    if (paths.projectMemoryDir !== null) memoryOf(paths.projectMemoryDir, name, 'project');
    if (paths.projectDir !== null) for (const l of callLessons(paths.projectDir)) out.push({ id: `${name}:call:${l.lessonId}`, scope: name, kind: 'call-lesson', text: l.text });
  }
  const recipesFile = join(global.skillsDir, RECIPES_FILE);
  const recipes = readText(recipesFile);
  if (recipes !== null) for (const r of parseRecipeFile(recipes, recipesFile).recipes) out.push({ id: `recipe:${r.recipeId}`, scope: 'global', kind: 'recipe', text: formatRecipe(r) });
  return out;
};
