import type { FailedCell } from './failed-cell.js';

/** One turn's failed cells: the first `cap` are kept, the rest only counted. */
export interface CellBuffer {
  readonly cells: readonly FailedCell[];
  /** Failed cells seen after the buffer was full. */
  readonly dropped: number;
}

export const EMPTY_BUFFER: CellBuffer = Object.freeze({ cells: Object.freeze([]), dropped: 0 });

/**
 * Adds a failed cell, never growing past `cap` (Anton's buffer is unbounded, anton.md §15.9).
 * The first failures are kept because they carry the cause; later ones in the same turn are
 * mostly retries of it, and the prompt says how many were left out.
 */
export const bufferCell = (buffer: CellBuffer, cell: FailedCell, cap: number): CellBuffer =>
  buffer.cells.length < cap ? { cells: [...buffer.cells, cell], dropped: buffer.dropped } : { cells: buffer.cells, dropped: buffer.dropped + 1 };
