/** Whether a post-mortem model is wired: `llm` asks it at end of turn, `classifier` learns from the rule table alone. */
export type PostMortemMode = 'llm' | 'classifier';

/**
 * Every threshold of the cerebellum, in one typed object so the simulation can sweep it and a
 * replay can say which values produced a lesson. `CEREBELLUM_PARAM_REASONS` gives the reason for
 * each field; its type makes a field without a reason a compile error.
 */
export interface CerebellumParams {
  /** `llm` when a coding model is configured; `classifier` otherwise (the cerebellum still learns). */
  readonly postMortem: PostMortemMode;
  /** Failed cells kept for one flush; later failures of the same turn are counted, not kept. */
  readonly maxCellsPerFlush: number;
  /** Lessons kept from one flush (the model's drafts and the classifier's alike). */
  readonly maxLessonsPerFlush: number;
  /** Flushes whose model answer has not arrived yet; the oldest falls back to the classifier beyond it. */
  readonly maxPendingFlushes: number;
  /** Tools whose failures arrive as cell events already, so their tool result is not classified twice. */
  readonly cellToolNames: readonly string[];
}

export const CEREBELLUM_PARAM_REASONS: { readonly [K in keyof CerebellumParams]: string } = {
  postMortem: 'Anton drops the buffer when no model is wired; engram falls back to deterministic lessons instead (issue 5 item 6).',
  maxCellsPerFlush:
    'Anton has no cap (§15.9): at 8 cells of at most ~2.1k shown chars the prompt stays under ~5k tokens; a turn with more failures is repeating itself, and its first failures carry the cause.',
  maxLessonsPerFlush: "Anton's max_lessons_per_flush: fewer, broader lessons are reused; many narrow ones crowd the scratchpad wisdom budget.",
  maxPendingFlushes:
    'A model answer normally arrives within one turn; four turns without one means it never will (a crash, a lost call), so the cells learn from the classifier rather than leak.',
  cellToolNames: 'The dispatcher reports a scratchpad call as both a tool result and a cell event; the cell event has the detail.',
};

export const defaultCerebellumParams: CerebellumParams = Object.freeze({
  postMortem: 'llm',
  maxCellsPerFlush: 8,
  maxLessonsPerFlush: 3,
  maxPendingFlushes: 4,
  cellToolNames: Object.freeze(['scratchpad']),
});
