/**
 * @packageDocumentation
 * @engram/basal-ganglia: the basal ganglia: the habit loop across sessions (learning-loops.md) and recovery recipes.
 *
 * Consumes: session, turn and tool facts (executive.*), what was injected (cortex.context.injected),
 *   error classes (cerebellum.error.classified).
 * Emits: basal-ganglia.recipe.learned, basal-ganglia.instinct.promoted, basal-ganglia.instinct.archived.
 * Never: does I/O in its core (instinct files are written under effects/), or promotes an instinct
 *   its own injection confirmed (the self-confirmation guard).
 */
export { BASAL_GANGLIA_PARAM_REASONS, defaultBasalGangliaParams, type BasalGangliaParams } from './basal-ganglia-params.js';
export type { Observation } from './observation.js';
export { projectObservations } from './project-observations.js';
export { describePattern, patternId, type Occurrence, type PatternKind } from './pattern.js';
export { findChains } from './find-chains.js';
export { findErrorRetries } from './find-error-retries.js';
export { findRecoveries } from './find-recoveries.js';
export { DAY_MS, recency } from './recency.js';
export { inWindow } from './in-window.js';
export type { PatternScore } from './pattern-score.js';
export { scorePatterns } from './score-patterns.js';
export { scoreSummaries } from './score-summaries.js';
export { summarizeSession, summarizeSessions, lastActivity, type SessionSummary, type PatternEvidence } from './session-summary.js';
export { analyzeSummaries, type AnalyzeSummariesInput } from './analyze-summaries.js';
export { InstinctSchema, type ArchiveReason, type Instinct } from './instinct.js';
export { meetsPromotion, planInstincts, type InstinctPlan, type InstinctPlanInput } from './plan-instincts.js';
export { analyzeInstincts, type Analysis, type AnalyzeInput } from './analyze-instincts.js';
export { instinctFileName } from './instinct-file-name.js';
export { renderInstinct } from './render-instinct.js';
export { parseInstinct, type ParsedInstinct } from './parse-instinct.js';
export { renderGeneratedRules } from './render-generated-rules.js';
export type { InstinctStorePort, InstinctTransactionPort } from './effects/instinct-store-port.js';
export { InstinctStore, GENERATED_RULES, ARCHIVE_DIR, type StoredInstincts, type InstinctFileProblem, type InstinctTransaction } from './effects/instinct-store.js';
export { recipeCore, type RecipeState } from './recipes/recipe-core.js';
export { defaultRecipeParams, RECIPE_PARAM_REASONS, type RecipeParams } from './recipes/recipe-params.js';
export { recipeId } from './recipes/recipe-id.js';
export { parameterHint, MAX_HINT_CHARS } from './recipes/parameter-hint.js';
