// Sleep-replay consolidation (anton.md §9): pure parts and the core.
export { CONSOLIDATION_PARAM_REASONS, defaultConsolidationParams, type ConsolidationParams } from './consolidation-params.js';
export type { ReplayCell } from './replay-cell.js';
export { replayVerdict, shouldReplay, type ReplayReason, type ReplayVerdict } from './should-replay.js';
export { compressCells } from './compress-cells.js';
export { CONSOLIDATION_SYSTEM, consolidationPrompt, type ConsolidationPrompt } from './consolidation-prompt.js';
export {
  CONSOLIDATION_TOOL,
  ConsolidatedLessonSchema,
  ConsolidatedLessonsSchema,
  type ConsolidatedLesson,
  type ConsolidatedLessons,
} from './consolidated-lessons.js';
export { selectItems } from './select-items.js';
export { itemToProposal, type GatedProposal } from './item-to-proposal.js';
export { itemsFromResponse } from './items-from-response.js';
export type { Replay } from './replay.js';
export {
  consolidationCore,
  pendingReplays,
  waitingCells,
  isConsolidated,
  cellKey,
  CONSOLIDATION_PURPOSE,
  type ConsolidationState,
} from './consolidation-core.js';
export { replayRequest } from './replay-request.js';
// The extraction effects (LLM port, Effect) are under `@engram/cortex/consolidation-effects`, so the package root stays free of them.
