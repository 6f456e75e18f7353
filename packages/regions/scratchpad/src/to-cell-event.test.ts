import { validateData } from '@engram/events';
import { describe, expect, it } from 'vitest';
import type { CellResult } from './cell-result.js';
import { timeoutKillReason } from './kill-reasons.js';
import { toCellEvent } from './to-cell-event.js';

const result = (over: Partial<CellResult> = {}): CellResult => ({
  pad: 'main',
  cellId: 'main-1',
  runtime: 'python',
  status: 'completed',
  ok: true,
  stdout: 'hello\n',
  stderr: '',
  error: '',
  stdoutBytes: 6,
  stderrBytes: 0,
  truncated: false,
  durationMs: 12.6,
  stateLost: false,
  freshProcess: false,
  ...over,
});

describe('toCellEvent', () => {
  it('maps a clean cell to an ok scratchpad.cell.executed', () => {
    const event = toCellEvent(result());
    expect(event).toEqual({
      type: 'scratchpad.cell.executed',
      data: { pad: 'main', cellId: 'main-1', ok: true, stdout: 'hello\n', stderr: '', error: '', stdoutLength: 6, truncated: false, durationMs: 13 },
    });
    expect(validateData(event.type, event.data)).toEqual([]);
  });

  it('a warning on stderr makes the cell not ok (anton.md §4.1)', () => {
    const event = toCellEvent(result({ stderr: 'DeprecationWarning: x\n', ok: false }));
    expect(event.type === 'scratchpad.cell.executed' && event.data.ok).toBe(false);
  });

  it('whitespace-only stderr still counts as clean', () => {
    const event = toCellEvent(result({ stderr: ' \n' }));
    expect(event.type === 'scratchpad.cell.executed' && event.data.ok).toBe(true);
  });

  it('an error makes the cell not ok', () => {
    const event = toCellEvent(result({ error: 'Traceback ...\nZeroDivisionError', ok: false }));
    expect(event.type === 'scratchpad.cell.executed' && event.data.ok).toBe(false);
  });

  it('keeps the full stdout length and the truncated flag', () => {
    const event = toCellEvent(result({ stdout: 'abc[... truncated]xyz', stdoutBytes: 1_000_000, truncated: true }));
    expect(event.data).toMatchObject({ stdoutLength: 1_000_000, truncated: true });
  });

  it('maps a killed cell to scratchpad.cell.killed with the bare reason', () => {
    const reason = timeoutKillReason(60_000);
    const event = toCellEvent(
      result({ status: 'killed', ok: false, error: `${reason}. State lost.`, kill: { cause: 'timeout', reason }, durationMs: 60_004.2, stateLost: true }),
      'cause-1',
    );
    expect(event).toEqual({ type: 'scratchpad.cell.killed', data: { pad: 'main', cellId: 'main-1', reason, durationMs: 60_004 }, causationId: 'cause-1' });
    expect(validateData(event.type, event.data)).toEqual([]);
  });

  it('maps a crash mid-cell and a failed start to a failed execution', () => {
    for (const status of ['died', 'failed-to-start'] as const) {
      const event = toCellEvent(result({ status, ok: false, stdout: '', stdoutBytes: 0, error: 'The pad process exited', stateLost: status === 'died' }));
      expect(event.type).toBe('scratchpad.cell.executed');
      expect(event.type === 'scratchpad.cell.executed' && event.data.ok).toBe(false);
      expect(validateData(event.type, event.data)).toEqual([]);
    }
  });

  it('scrubs secrets from output before it reaches the bus', () => {
    const key = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz';
    const event = toCellEvent(result({ stdout: `key=${key}\n`, stderr: `token ${key}`, error: `bad ${key}`, ok: false }));
    expect(JSON.stringify(event)).not.toContain(key);
    expect(JSON.stringify(event)).toContain('[REDACTED:');
  });
});
