import type { CellResult, CellStatus, ScratchpadRuntime } from './cell-result.js';
import { VIEW_TEXT_CHARS } from './scratchpad-limits.js';

/** One cell as `view` shows it: bounded text, enough to see what was tried and how it ended. */
export interface CellRecord {
  readonly cellId: string;
  readonly code: string;
  readonly status: CellStatus;
  readonly ok: boolean;
  readonly stdout: string;
  readonly error: string;
  readonly durationMs: number;
}

/** A pad as `list` shows it. */
export interface PadInfo {
  readonly name: string;
  readonly runtime: ScratchpadRuntime;
  /** A child process is running for it (pads start lazily and restart after a kill). */
  readonly alive: boolean;
  /** A cell is running right now. */
  readonly busy: boolean;
  /** Cells run since the pad was created or last reset. */
  readonly cellsRun: number;
}

/** A pad as `view` shows it: the latest cells, oldest first, and how many older ones were dropped. */
export interface PadView extends PadInfo {
  readonly cells: readonly CellRecord[];
  readonly omittedCells: number;
}

/** Cuts `text` to `max` characters, saying how many were left out. */
const clip = (text: string, max = VIEW_TEXT_CHARS): string => (text.length <= max ? text : `${text.slice(0, max)}\n[... ${text.length - max} more characters]`);

export const cellRecord = (code: string, result: CellResult): CellRecord => ({
  cellId: result.cellId,
  code: clip(code),
  status: result.status,
  ok: result.ok,
  stdout: clip(result.stdout),
  error: clip(result.error),
  durationMs: Math.round(result.durationMs),
});
