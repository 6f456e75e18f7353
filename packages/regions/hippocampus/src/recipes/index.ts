// Procedural memory: recovery recipes (learned by the basal ganglia), stored beside the skills.
export { FileRecipeStore, RecipeFileError, RECIPES_FILE, type FileRecipeStoreOptions } from '../effects/file-recipe-store.js';
export { StoredRecipeSchema, type StoredRecipe, type RecipeProblem } from './stored-recipe.js';
export { parseRecipeFile, renderRecipeFile, RECIPE_FILE_VERSION, type RecipeFileRead } from './recipe-file.js';
export { mergeRecipe, RECIPE_CONFIDENCE_STEP, MAX_RECIPES, MAX_RECIPE_SESSIONS, MAX_RECIPE_TARGETS, type LearnedRecipe, type RecipeSighting } from './merge-recipe.js';
export { matchRecipes, type PendingCall } from './match-recipes.js';
export { formatRecipe } from './format-recipe.js';
export type { RecipeStore } from './recipe-store.js';
