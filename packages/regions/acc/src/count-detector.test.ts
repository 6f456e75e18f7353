import { describe, expect, it } from 'vitest';
import { detectCapExhausted } from './detect-cap-exhausted.js';
import { detectRepairChurn } from './detect-repair-churn.js';
import { detectResetChurn } from './detect-reset-churn.js';
import { observation as o, type AccKind } from './observation.js';
import { runDetector } from './run-detector.js';

const many = (kind: AccKind, n: number) => Array.from({ length: n }, (_, i) => o(kind, { name: `p${i}`, reason: 'manual' }, 5));

describe('count detectors', () => {
  it('reset churn: two resets of any pads, kind never, anchors reset + scratchpad', () => {
    expect(runDetector(detectResetChurn, many('scratchpad_reset', 1))).toBeNull();
    const lesson = runDetector(detectResetChurn, many('scratchpad_reset', 2));
    expect(lesson).toMatchObject({ id: 'acc.reset-churn', kind: 'never', triggers: ['scratchpad_reset'] });
    expect(lesson?.rule.toLowerCase()).toMatch(/reset/);
    expect(lesson?.rule.toLowerCase()).toMatch(/scratchpad/);
  });

  it('repair churn: three history repairs', () => {
    expect(runDetector(detectRepairChurn, many('history_repair', 2))).toBeNull();
    expect(runDetector(detectRepairChurn, many('history_repair', 3))).toMatchObject({ id: 'acc.repair-churn', kind: 'when', triggers: ['history_repair'] });
  });

  it('cap exhausted: one hit, anchor "round cap"', () => {
    expect(runDetector(detectCapExhausted, [])).toBeNull();
    const lesson = runDetector(detectCapExhausted, many('cap_exhausted', 1));
    expect(lesson).toMatchObject({ id: 'acc.cap-exhausted', kind: 'when', triggers: ['cap_exhausted'] });
    expect(lesson?.rule.toLowerCase()).toContain('round cap');
  });

  it('counts only its own kind', () => {
    expect(runDetector(detectResetChurn, [...many('scratchpad_killed', 5), ...many('history_repair', 5)])).toBeNull();
  });
});
