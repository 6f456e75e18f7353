import { defaultConsolidationParams, type ConsolidationParams } from './consolidation-params.js';
import { compressCells } from './compress-cells.js';
import type { ReplayCell } from './replay-cell.js';

/**
 * What the extraction model is told (anton.md §9.3, in engram's words). Anton's prompt still asks
 * for "a JSON array", a leftover from before the forced tool (§16); this one names the tool's
 * fields. The port appends the no-preamble suffix.
 */
export const CONSOLIDATION_SYSTEM = [
  'You are the memory of a coding agent, replaying one scratchpad session after it happened, the way sleep replays the day.',
  'Below is one summary line per code cell, with its outcome. Extract what is worth remembering for future sessions:',
  '- rules: "always" (do this every time), "never" (avoid this every time), "when" (in situation X, do Y);',
  '- lessons: facts learnt about the data, the libraries, the APIs or the environment.',
  'Scope is "project" unless the memory is a universal fact that holds in any project; "global" is rare.',
  'Confidence is "high" when the cells verified it (a fix that then worked), "medium" when it is probable, "low" when it is a guess.',
  'Write each memory as one self-contained sentence that makes sense without these cells.',
  'Skip trivia, one-off values, and anything that only describes this session. When nothing is worth keeping, return no items.',
  'Mentions are not assertions: a hypothesis a cell tested and the session then dropped (the cell failed and the work succeeded another way) is not a fact; never record it as one. Record what the successful cells established, or a rule about what to avoid.',
].join('\n');

export interface ConsolidationPrompt {
  readonly system: string;
  readonly user: string;
}

/** The extraction request for one replay: the fixed system prompt and the compressed cells. */
export const consolidationPrompt = (cells: readonly ReplayCell[], params: ConsolidationParams = defaultConsolidationParams): ConsolidationPrompt => ({
  system: CONSOLIDATION_SYSTEM,
  user: compressCells(cells, params),
});
