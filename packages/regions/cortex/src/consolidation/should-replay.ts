import { defaultConsolidationParams, type ConsolidationParams } from './consolidation-params.js';
import type { ReplayCell } from './replay-cell.js';

/** Why a pad's new cells replay (or not), in the order the rules are tried (anton.md §9.1). */
export type ReplayReason = 'too-few-cells' | 'long-session' | 'error' | 'killed' | 'uneventful';

export interface ReplayVerdict {
  readonly replay: boolean;
  readonly reason: ReplayReason;
}

const killedIn = (cell: ReplayCell, words: readonly string[]): boolean => {
  if (cell.killed) return true;
  const stderr = cell.stderr.toLowerCase();
  return words.some((w) => w !== '' && stderr.includes(w.toLowerCase()));
};

/**
 * The cheap gate before any model call (anton.md §9.1, no LLM): too few cells never replay; a
 * long session always does; otherwise an error or a cancelled/killed cell earns a replay. An
 * error is any non-empty error text, as Anton tests truthiness. Callers pass only the cells not
 * yet consolidated, so the thresholds count new cells (§15.8).
 */
export const replayVerdict = (cells: readonly ReplayCell[], params: ConsolidationParams = defaultConsolidationParams): ReplayVerdict => {
  if (cells.length < params.minCells) return { replay: false, reason: 'too-few-cells' };
  if (cells.length >= params.longSessionCells) return { replay: true, reason: 'long-session' };
  if (cells.some((c) => c.error !== '')) return { replay: true, reason: 'error' };
  if (cells.some((c) => killedIn(c, params.killedStderrWords))) return { replay: true, reason: 'killed' };
  return { replay: false, reason: 'uneventful' };
};

/** Anton's `should_replay`: whether these cells are worth one extraction call. */
export const shouldReplay = (cells: readonly ReplayCell[], params: ConsolidationParams = defaultConsolidationParams): boolean => replayVerdict(cells, params).replay;
