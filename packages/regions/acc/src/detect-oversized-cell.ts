import { defineDetector } from './detector.js';
import { makeLesson } from './make-lesson.js';
import { toInt } from './to-int.js';

export interface OversizedCellState {
  big: number;
  empty: number;
}

const both = makeLesson('acc.oversized-cell', 'acc.oversized-cell', 'detect_oversized_cell', ['scratchpad_call', 'scratchpad_empty_code']);
const bigOnly = makeLesson('acc.oversized-cell', 'acc.oversized-cell', 'detect_oversized_cell', ['scratchpad_call']);
const emptyOnly = makeLesson('acc.oversized-cell', 'acc.oversized-cell', 'detect_oversized_cell', ['scratchpad_empty_code']);

/**
 * Huge cells get their code dropped on the wire (anton.md §2.5 #2): fires on any empty-code
 * rejection, or on enough big cells (code_len >= the size threshold; a missing or null length
 * is 0). One big cell alone is allowed. Triggers list the kinds that contributed, always in the
 * same order (Anton's order depends on the hash seed, §15.12).
 */
export const detectOversizedCell = defineDetector<OversizedCellState>({
  id: 'acc.oversized-cell',
  antonName: 'detect_oversized_cell',
  reads: ['scratchpad_call', 'scratchpad_empty_code'],
  init: () => ({ big: 0, empty: 0 }),
  step: (s, o, p) => {
    if (o.kind === 'scratchpad_empty_code') s.empty += 1;
    else if (o.kind === 'scratchpad_call' && toInt(o.detail['code_len'] ?? 0) >= p.bigCellChars) s.big += 1;
    return s;
  },
  verdict: (s, p) => {
    if (s.empty < p.minEmptyCells && s.big < p.minBigCells) return null;
    if (s.big > 0 && s.empty > 0) return both;
    return s.big > 0 ? bigOnly : emptyOnly;
  },
});
