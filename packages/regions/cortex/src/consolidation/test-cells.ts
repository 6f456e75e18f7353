import type { ReplayCell } from './replay-cell.js';

/** A cell for tests: a clean one unless told otherwise. */
export const testCell = (over: Partial<ReplayCell> = {}): ReplayCell => ({
  pad: 'main',
  cellId: 'c1',
  description: 'load the data',
  code: 'df = load()',
  stdout: '',
  stderr: '',
  error: '',
  killed: false,
  ...over,
});

/** `n` clean cells of one pad, ids c1..cn. */
export const cleanCells = (n: number, pad = 'main'): ReplayCell[] => Array.from({ length: n }, (_, i) => testCell({ pad, cellId: `c${i + 1}` }));
