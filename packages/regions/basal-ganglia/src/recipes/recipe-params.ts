/**
 * The recipe core's thresholds, in one typed object so the simulation and `engram replay` can
 * sweep them. `RECIPE_PARAM_REASONS` gives the reason for each; its type makes a field without a
 * reason a compile error.
 */
export interface RecipeParams {
  /** Most actions a recipe holds, the succeeding call included; a longer recovery is abandoned. */
  readonly maxSteps: number;
  /** The confidence a freshly learned recipe carries; the store raises it when other sessions learn it again. */
  readonly initialConfidence: number;
  /** Failures of one turn still waiting for a recovery; the oldest is dropped beyond it. */
  readonly maxOpenFailures: number;
  /** Tools whose calls arrive as cell events already (the cerebellum classifies the cell, not the tool result). */
  readonly cellToolNames: readonly string[];
}

export const RECIPE_PARAM_REASONS: { readonly [K in keyof RecipeParams]: string } = {
  maxSteps:
    "AceClaw's worked recovery is 3 steps (detect the charset, convert, re-read); more than 5 actions on one target is exploration, not a recipe, and would not fit a one-line prompt hint",
  initialConfidence: "AceClaw's ErrorDetector starts a recovery at 0.4 and adds 0.2 per prior cross-session match: one sighting is a hint, not a habit",
  maxOpenFailures: 'a turn rarely fails on more than a handful of targets at once; 16 bounds the state of a runaway turn without losing a real recovery',
  cellToolNames: 'the dispatcher reports a scratchpad call as both a tool result and a cell event; the cell event has the code and is what the cerebellum classifies',
};

export const defaultRecipeParams: RecipeParams = Object.freeze({
  maxSteps: 5,
  initialConfidence: 0.4,
  maxOpenFailures: 16,
  cellToolNames: Object.freeze(['scratchpad']),
});
