import { StoredRecipeSchema, type RecipeProblem, type StoredRecipe } from './stored-recipe.js';

/** The format marker and version of `recipes.json`; a later format gets a new number and a reader for this one. */
export const RECIPE_FILE_VERSION = 1;

export interface RecipeFileRead {
  readonly recipes: readonly StoredRecipe[];
  readonly problems: readonly RecipeProblem[];
}

const fieldPath = (base: string, path: readonly PropertyKey[]): string =>
  path.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : `${acc}.${String(k)}`), base);

/**
 * Reads `recipes.json` tolerantly: every readable recipe is returned, every unreadable part is
 * a problem naming the file and the field, so a hand edit gone wrong is reported, not fatal, and
 * the store refuses to rewrite the file until it is fixed (nothing is lost).
 */
export const parseRecipeFile = (text: string, file: string): RecipeFileRead => {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { recipes: [], problems: [{ file, field: null, reason: `not valid JSON: ${(err as Error).message}` }] };
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return { recipes: [], problems: [{ file, field: null, reason: 'expected an object {"engramRecipes": 1, "recipes": [...]}' }] };
  const { engramRecipes: version, recipes: list } = doc as Record<string, unknown>;
  if (version !== RECIPE_FILE_VERSION) return { recipes: [], problems: [{ file, field: 'engramRecipes', reason: `expected ${RECIPE_FILE_VERSION}, found ${JSON.stringify(version) ?? 'nothing'}` }] };
  if (!Array.isArray(list)) return { recipes: [], problems: [{ file, field: 'recipes', reason: 'expected a list of recipes' }] };
  const recipes: StoredRecipe[] = [];
  const problems: RecipeProblem[] = [];
  const seen = new Set<string>();
  list.forEach((raw: unknown, i) => {
    const parsed = StoredRecipeSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push({ file, field: fieldPath(`recipes[${i}]`, issue?.path ?? []), reason: issue?.message ?? 'invalid recipe' });
    } else if (seen.has(parsed.data.recipeId)) problems.push({ file, field: `recipes[${i}].recipeId`, reason: `${parsed.data.recipeId} appears twice` });
    else {
      seen.add(parsed.data.recipeId);
      recipes.push(parsed.data);
    }
  });
  return { recipes, problems };
};

/** Pretty-printed, sorted by id, so hand edits and diffs stay readable. */
export const renderRecipeFile = (recipes: readonly StoredRecipe[]): string =>
  `${JSON.stringify({ engramRecipes: RECIPE_FILE_VERSION, recipes: [...recipes].sort((a, b) => (a.recipeId < b.recipeId ? -1 : a.recipeId > b.recipeId ? 1 : 0)) }, null, 2)}\n`;
