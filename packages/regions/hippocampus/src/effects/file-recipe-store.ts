import { scrubValue } from '@engram/kernel';
import { DEFAULT_LOCK_SETTINGS, ensureDir, readTextContained, rootForDir, StampedCache, withLock, writeFileAtomic, type LockSettings } from '@engram/fs';
import { join } from 'node:path';
import { mergeRecipe, type LearnedRecipe, type RecipeSighting } from '../recipes/merge-recipe.js';
import { parseRecipeFile, renderRecipeFile, type RecipeFileRead } from '../recipes/recipe-file.js';
import { TaggedError } from '@engram/kernel';
import type { RecipeProblem, StoredRecipe } from '../recipes/stored-recipe.js';
import type { RecipeStore } from '../recipes/recipe-store.js';

/** The recipes file's name inside the skills folder (procedural memory lives together). */
export const RECIPES_FILE = 'recipes.json';

export interface FileRecipeStoreOptions {
  /** The skills folder, `$ENGRAM_HOME/skills`; recipes live in `recipes.json` beside the skill folders. */
  readonly root: string;
  /** The trusted folder the skills folder lies under, with no link between (default: its parent, `$ENGRAM_HOME`). */
  readonly home?: string;
  readonly lock?: Partial<LockSettings>;
}

/** Refused write: the file holds something the store cannot read back, and rewriting would lose it. */
export class RecipeFileError extends TaggedError('RecipeFileError')<{ readonly reason: 'unreadable'; readonly problem: RecipeProblem; readonly message: string }> {
  constructor(problem: RecipeProblem) {
    super({ reason: 'unreadable', problem, message: `${problem.file}${problem.field === null ? '' : `: ${problem.field}`}: ${problem.reason}; fix or remove it by hand (nothing was written)` });
  }
}

/**
 * Recovery recipes in procedural memory: one JSON file, `<skills>/recipes.json`, read tolerantly
 * and rewritten whole (unique temp file, 0600, rename) under the cross-process lock, so
 * concurrent sessions merge instead of overwriting each other. A re-learned recipe is merged
 * (`mergeRecipe`), never duplicated. Reads are cached by size and mtime, since the runtime asks
 * before matching calls.
 */
export class FileRecipeStore implements RecipeStore {
  readonly root: string;
  readonly file: string;
  private readonly home: string;
  private readonly lockSettings: LockSettings;
  private readonly cache: StampedCache<RecipeFileRead>;

  constructor(options: FileRecipeStoreOptions) {
    this.root = options.root;
    this.file = join(options.root, RECIPES_FILE);
    this.cache = new StampedCache([this.file]);
    this.home = options.home ?? rootForDir(options.root);
    this.lockSettings = { ...DEFAULT_LOCK_SETTINGS, ...options.lock };
  }

  get location(): string {
    return this.file;
  }

  /** Every readable recipe, and what could not be read (file and field). A missing file is no recipes. */
  list(): { readonly recipes: readonly StoredRecipe[]; readonly problems: readonly RecipeProblem[] } {
    try {
      return this.cache.read(() => {
        const text = readTextContained(this.home, this.file);
        return text === null ? { recipes: [], problems: [] } : parseRecipeFile(text, this.file);
      });
    } catch (err) {
      return { recipes: [], problems: [{ file: this.file, field: null, reason: `cannot read: ${(err as Error).message}` }] };
    }
  }


  /**
   * Stores a learned recipe (from `basal-ganglia.recipe.learned` and its envelope's time and
   * session), merged with the one of the same id. Scrubbed before writing. Throws
   * RecipeFileError, writing nothing, when the file has a part it cannot read.
   */
  async record(learned: LearnedRecipe, sighting: RecipeSighting): Promise<{ readonly recipe: StoredRecipe; readonly outcome: 'added' | 'merged' }> {
    const clean = scrubValue(learned) as LearnedRecipe;
    ensureDir(this.home, this.root);
    return withLock(this.file, this.lockSettings, (assertHeld) => {
      const text = readTextContained(this.home, this.file);
      const read = text === null ? { recipes: [], problems: [] } : parseRecipeFile(text, this.file);
      const [problem] = read.problems;
      if (problem !== undefined) throw new RecipeFileError(problem);
      const merged = mergeRecipe(read.recipes, clean, sighting);
      writeFileAtomic(this.file, renderRecipeFile(merged.recipes), { root: this.home, beforeCommit: assertHeld });
      this.cache.clear();
      return { recipe: merged.recipe, outcome: merged.outcome };
    });
  }

  /**
   * Takes the recipes of these ids out of the file under its lock. Throws RecipeFileError,
   * writing nothing, when the file has a part it cannot read (rewriting would lose it).
   */
  async remove(ids: readonly string[]): Promise<readonly string[]> {
    const wanted = new Set(ids);
    if (wanted.size === 0) return [];
    return withLock(this.file, this.lockSettings, (assertHeld) => {
      const text = readTextContained(this.home, this.file);
      if (text === null) return [];
      const read = parseRecipeFile(text, this.file);
      const [problem] = read.problems;
      if (problem !== undefined) throw new RecipeFileError(problem);
      const removed = read.recipes.filter((r) => wanted.has(r.recipeId)).map((r) => r.recipeId);
      if (removed.length === 0) return [];
      writeFileAtomic(this.file, renderRecipeFile(read.recipes.filter((r) => !wanted.has(r.recipeId))), { root: this.home, beforeCommit: assertHeld });
      this.cache.clear();
      return removed;
    });
  }
}
