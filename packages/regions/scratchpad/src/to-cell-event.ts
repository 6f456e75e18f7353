import { draft, type Draft } from '@engram/events';
import { scrubSecrets } from '@engram/kernel';
import type { CellResult } from './cell-result.js';

export type CellEventDraft = Draft<'scratchpad.cell.executed'> | Draft<'scratchpad.cell.killed'>;

/**
 * The event a cell result becomes, for the executive to publish: `scratchpad.cell.killed` for
 * a killed cell (its reason is what the ACC classifies), `scratchpad.cell.executed` for every
 * other outcome (a crash mid-cell or a runtime that failed to start is a failed execution, with
 * the reason as its error). Output enters the bus here, so secrets are scrubbed here
 * (DESIGN.md: scrubbed where data enters the bus, so log, memory and replay agree).
 */
export const toCellEvent = (result: CellResult, causationId?: string | null): CellEventDraft => {
  const durationMs = Math.max(0, Math.round(result.durationMs));
  if (result.status === 'killed' && result.kill !== undefined) {
    return draft('scratchpad.cell.killed', { pad: result.pad, cellId: result.cellId, reason: result.kill.reason, durationMs }, causationId);
  }
  const stderr = scrubSecrets(result.stderr);
  const error = scrubSecrets(result.error);
  return draft(
    'scratchpad.cell.executed',
    {
      pad: result.pad,
      cellId: result.cellId,
      ok: result.status === 'completed' && error.trim() === '' && stderr.trim() === '',
      stdout: scrubSecrets(result.stdout),
      stderr,
      error,
      stdoutLength: result.stdoutBytes,
      truncated: result.truncated,
      durationMs,
    },
    causationId,
  );
};
