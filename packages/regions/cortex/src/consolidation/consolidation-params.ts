import type { LlmRole } from '@engram/llm';

/**
 * Every threshold of sleep-replay consolidation, in one typed object so the simulation can sweep
 * it and a replay can say which values produced a proposal. `CONSOLIDATION_PARAM_REASONS` gives
 * the reason for each field; its type makes a field without a reason a compile error.
 */
export interface ConsolidationParams {
  /** Fewer new cells than this never replay, whatever happened in them. */
  readonly minCells: number;
  /** From this many new cells a pad replays even when everything went fine. */
  readonly longSessionCells: number;
  /** Words in a cell's stderr (any case) that mean it was cancelled or killed. */
  readonly killedStderrWords: readonly string[];
  /** Cells shown to the model in one replay; later cells wait for the next turn end. */
  readonly maxCellsPerReplay: number;
  /** Characters of a cell's description kept on its summary line. */
  readonly descriptionChars: number;
  /** Characters of the first stdout line (or last error line) kept as the preview. */
  readonly previewChars: number;
  /** Characters of a failed cell's code shown under its summary line. */
  readonly codeChars: number;
  /** Proposals kept from one replay's answer. */
  readonly maxItems: number;
  /** Failed extraction calls a cell survives before it is given up on. */
  readonly maxAttemptsPerCell: number;
  /** Turn ends a replay may wait for its recorded answer before its cells are released for a retry. */
  readonly maxTurnsInFlight: number;
  /** Which model extracts (each role has its own model). */
  readonly role: LlmRole;
  /** Share of an item's content words found in a failed cell at or above which the item restates that cell's hypothesis. */
  readonly abandonedOverlap: number;
}

export const CONSOLIDATION_PARAM_REASONS: { readonly [K in keyof ConsolidationParams]: string } = {
  minCells: 'Anton (§9.1 rule 1): one cell, even a failed one, is too short an episode to generalise from; the cerebellum already reviews single failures.',
  longSessionCells: 'Anton (§9.1 rule 2): five cells make a working session worth summarising even when nothing failed.',
  killedStderrWords: 'Anton (§9.1 rule 4): a cancelled or killed cell is high signal (too heavy, or hung) even when no error was recorded.',
  maxCellsPerReplay:
    'Anton has no cap: a pad with 100 cells sent them all. 24 summaries of at most ~750 chars keep the prompt under ~5k tokens; the rest replay at the next turn end.',
  descriptionChars: 'Anton keeps the whole description; one summary line per cell must stay one line and bounded.',
  previewChars: 'Anton (§9.2): 200 chars of output say what the cell produced without pasting data.',
  codeChars: "Anton (§9.2): 300 chars of a failed cell's code show the call that failed.",
  maxItems: 'Anton (§9.3): the first 5 items; fewer, broader memories are reused, many narrow ones crowd the prompt.',
  maxAttemptsPerCell:
    'Anton never retries (cells are re-sent every turn instead, §15.8); three failed calls on the same cells means the model or the cells cannot be read, so stop paying for them.',
  maxTurnsInFlight: 'An answer is recorded within the turn it was asked in; two turn ends without one means it never will (a crash, a lost call).',
  role: "Anton extracts with the coding model (generate_object_code): it reads code and errors, and costs less than the planner.",
  abandonedOverlap:
    "engram (issue 14, mentions are not assertions): half of an item's words coming from a cell that failed, with no later successful cell sharing them, means it restates a hypothesis the session tried and dropped; lower would drop real lessons that merely name the failed call.",
};

export const defaultConsolidationParams: ConsolidationParams = Object.freeze({
  minCells: 2,
  longSessionCells: 5,
  killedStderrWords: Object.freeze(['cancelled', 'killed']),
  maxCellsPerReplay: 24,
  descriptionChars: 200,
  previewChars: 200,
  codeChars: 300,
  maxItems: 5,
  maxAttemptsPerCell: 3,
  maxTurnsInFlight: 2,
  role: 'coding',
  abandonedOverlap: 0.5,
});
