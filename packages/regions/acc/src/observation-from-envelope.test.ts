import { buildEvent } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { observationFromEnvelope } from './observation-from-envelope.js';

describe('observationFromEnvelope', () => {
  it('maps each of the nine kinds with the fixed severities of anton.md §2.3', () => {
    const cases = [
      [buildEvent('scratchpad.cell.requested', { pad: 'p', codeLength: 42, confirmedNewPad: true }), 'scratchpad_call', 1],
      [buildEvent('scratchpad.cell.executed', { ok: true }), 'scratchpad_result', 1],
      [buildEvent('scratchpad.cell.executed', { ok: false, error: 'x' }), 'scratchpad_result', 5],
      [buildEvent('scratchpad.cell.rejected'), 'scratchpad_empty_code', 7],
      [buildEvent('scratchpad.pad.reset'), 'scratchpad_reset', 5],
      [buildEvent('scratchpad.cell.killed'), 'scratchpad_killed', 6],
      [buildEvent('executive.tool.called'), 'tool_call', 1],
      [buildEvent('executive.tool.resulted', { ok: true }), 'tool_result', 1],
      [buildEvent('executive.tool.resulted', { ok: false, error: 'e' }), 'tool_result', 5],
      [buildEvent('executive.history.repaired'), 'history_repair', 5],
      [buildEvent('executive.cap.exhausted'), 'cap_exhausted', 9],
    ] as const;
    for (const [e, kind, severity] of cases) expect(observationFromEnvelope(e)).toMatchObject({ kind, severity });
  });

  it("uses Anton's detail keys", () => {
    expect(observationFromEnvelope(buildEvent('scratchpad.cell.requested', { pad: 'p', codeLength: 42, confirmedNewPad: true }, { round: 3 }))).toEqual({
      kind: 'scratchpad_call',
      severity: 1,
      round: 3,
      detail: { name: 'p', code_len: 42, one_line_description: 'print one', confirm_new_scratchpad: true },
    });
    expect(observationFromEnvelope(buildEvent('executive.tool.resulted', { name: 't', ok: false, error: 'boom' }))?.detail).toEqual({ name: 't', success: false, error: 'boom' });
  });

  it('returns null for events the detectors do not read', () => {
    expect(observationFromEnvelope(buildEvent('executive.turn.started'))).toBeNull();
    expect(observationFromEnvelope(buildEvent('acc.lesson.detected'))).toBeNull();
  });
});
