import { describe, expect, it } from 'vitest';
import { detectOversizedCell } from './detect-oversized-cell.js';
import { observation as o } from './observation.js';
import { runDetector } from './run-detector.js';

const call = (codeLen: unknown) => o('scratchpad_call', { name: 'a', code_len: codeLen });
const empty = o('scratchpad_empty_code', { name: 'a' }, 7);

describe('detectOversizedCell', () => {
  it('fires on two cells of at least 5000 chars, triggered by scratchpad_call', () => {
    const lesson = runDetector(detectOversizedCell, [call(5000), call(12_000)]);
    expect(lesson).toMatchObject({ id: 'acc.oversized-cell', kind: 'always', triggers: ['scratchpad_call'] });
    expect(lesson?.rule).toContain('5 KB');
  });

  it('does not fire on exactly one big cell, nor on cells just under the threshold', () => {
    expect(runDetector(detectOversizedCell, [call(9000)])).toBeNull();
    expect(runDetector(detectOversizedCell, [call(4999), call(4999), call(4999)])).toBeNull();
  });

  it('fires on a single empty-code rejection', () => {
    expect(runDetector(detectOversizedCell, [empty])?.triggers).toEqual(['scratchpad_empty_code']);
  });

  it('lists both trigger kinds in a fixed order when both contributed', () => {
    expect(runDetector(detectOversizedCell, [empty, call(6000)])?.triggers).toEqual(['scratchpad_call', 'scratchpad_empty_code']);
  });

  it('reads a missing or null length as 0 and converts numeric strings and floats like int()', () => {
    expect(runDetector(detectOversizedCell, [o('scratchpad_call', {}), call(null), call(null)])).toBeNull();
    expect(runDetector(detectOversizedCell, [call('7000'), call(5000.9)])).not.toBeNull();
  });

  it('throws on a non-numeric length, as Anton does (the coordinator contains it)', () => {
    expect(() => runDetector(detectOversizedCell, [call('big')])).toThrow(/integer/);
  });
});
