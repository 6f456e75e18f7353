import { describe, expect, it } from 'vitest';
import { detectSeverityClimb } from './detect-severity-climb.js';
import { observation as o, type AccKind } from './observation.js';
import { runDetector } from './run-detector.js';

const ev = (kind: AccKind, name: string | undefined, severity: number) => o(kind, name === undefined ? {} : { name }, severity);

describe('detectSeverityClimb', () => {
  it('fires on call(1) -> failure(5) -> empty code(7) on one pad [probed]', () => {
    const lesson = runDetector(detectSeverityClimb, [ev('scratchpad_call', 'p', 1), ev('scratchpad_result', 'p', 5), ev('scratchpad_empty_code', 'p', 7)]);
    expect(lesson).toMatchObject({ id: 'acc.severity-climb', kind: 'when', triggers: ['scratchpad_result', 'tool_result'] });
  });

  it('never fires on alternating call(1) / failure(5)', () => {
    const stream = Array.from({ length: 20 }, (_, i) => ev(i % 2 === 0 ? 'tool_call' : 'tool_result', 't', i % 2 === 0 ? 1 : 5));
    expect(runDetector(detectSeverityClimb, stream)).toBeNull();
  });

  it('needs the run to reach severity 5; a longer run fires when it does', () => {
    expect(runDetector(detectSeverityClimb, [1, 2, 3].map((s) => ev('tool_result', 't', s)))).toBeNull();
    expect(runDetector(detectSeverityClimb, [1, 2, 3, 4, 5].map((s) => ev('tool_result', 't', s)))).not.toBeNull();
  });

  it('restarts the run on an equal value', () => {
    expect(runDetector(detectSeverityClimb, [1, 5, 5, 6].map((s) => ev('tool_result', 't', s)))).toBeNull();
  });

  it('groups by name: interleaved names keep separate runs, and pads share the name-space with tools', () => {
    expect(runDetector(detectSeverityClimb, [ev('tool_call', 'a', 1), ev('tool_call', 'b', 9), ev('tool_result', 'a', 5), ev('scratchpad_killed', 'a', 6)])).not.toBeNull();
    expect(runDetector(detectSeverityClimb, [ev('tool_call', 'a', 1), ev('tool_result', 'b', 5), ev('scratchpad_killed', 'c', 6)])).toBeNull();
  });

  it('ignores events without a name', () => {
    expect(runDetector(detectSeverityClimb, [ev('history_repair', undefined, 1), ev('history_repair', undefined, 5), ev('cap_exhausted', undefined, 9)])).toBeNull();
  });
});
