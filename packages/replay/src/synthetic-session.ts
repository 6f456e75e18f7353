import { gateDecision, routeScope } from '@engram/cortex/core';
import { draft, type AnyDraft, type AnyEnvelope } from '@engram/events';
import { cleanEntryText } from '@engram/hippocampus';
import type { RecordedInput } from './record-session.js';

/** Pads the synthetic agent switches between, so name-switch fires in some turns. */
const PADS = ['sales', 'report', 'charts'] as const;
/** Rounds (one tool call each) per synthetic turn: a busy but ordinary agent turn. */
export const ROUNDS_PER_TURN = 8;

/**
 * The inputs of one realistic turn, varied by its number: cells on one or two pads, some
 * failing with a missing file (the same signature three times in some turns), a heavy cell
 * killed twice in some, a non-scratchpad tool failing twice in others, and clean turns.
 */
export const syntheticTurn = (turn: number): RecordedInput[] => {
  const inputs: RecordedInput[] = [];
  const at = (d: AnyDraft, round: number): void => void inputs.push({ draft: d, turn, round });
  at(draft('executive.turn.started', { message: `Summarise Q${(turn % 4) + 1} sales by region.` }), 0);
  const shape = turn % 5;
  for (let round = 1; round <= ROUNDS_PER_TURN; round++) {
    const id = `t${turn}-r${round}`;
    at(draft('executive.round.started', { round }), round);
    if (shape === 3 && round <= 2) {
      at(draft('executive.tool.called', { toolUseId: id, name: 'fetch', input: { url: 'https://example.com/q3' }, argsSummary: 'https://example.com/q3' }), round);
      at(draft('executive.tool.resulted', { toolUseId: id, name: 'fetch', ok: false, error: 'HTTP 503 Service Unavailable', output: '', durationMs: 40 }), round);
    } else {
      const pad = shape === 1 && round > 4 ? PADS[1] : PADS[turn % 2 === 0 ? 0 : 2];
      const code = `import csv\nrows = list(csv.DictReader(open('sales_${round}.csv')))\nprint(len(rows))`;
      at(draft('executive.tool.called', { toolUseId: id, name: 'scratchpad', input: { action: 'exec', name: pad, code }, argsSummary: `exec ${pad}` }), round);
      at(draft('scratchpad.cell.requested', { pad, cellId: id, runtime: 'python', code, codeLength: code.length, description: 'load the sales rows', confirmedNewPad: false }), round);
      let error = '';
      if (shape === 2 && round >= 5 && round <= 6) {
        error = 'Cell timed out after 30s while still running (too heavy for one cell)';
        at(draft('scratchpad.cell.killed', { pad, cellId: id, reason: error, durationMs: 30_000 }), round);
      } else if (shape === 4 && round >= 3 && round <= 5) {
        error = `Traceback (most recent call last):\n  File "cell", line 2\nFileNotFoundError: [Errno 2] No such file or directory: 'sales_q${round}.csv'`;
        at(draft('scratchpad.cell.executed', { pad, cellId: id, ok: false, stdout: '', stderr: '', error, stdoutLength: 0, truncated: false, durationMs: 12 }), round);
      } else at(draft('scratchpad.cell.executed', { pad, cellId: id, ok: true, stdout: `${100 + round} rows\n`, stderr: '', error: '', stdoutLength: 9, truncated: false, durationMs: 20 }), round);
      const ok = error === '';
      at(draft('executive.tool.resulted', { toolUseId: id, name: 'scratchpad', ok, error: ok ? '' : `[error]\n${error}`, output: ok ? `${100 + round} rows` : '', durationMs: 25 }), round);
    }
    at(draft('executive.round.completed', { round, toolCalls: 1 }), round);
  }
  at(draft('executive.turn.completed', { answer: 'Sales by region: North 41%, South 33%, West 26%.', rounds: ROUNDS_PER_TURN, stopReason: 'end_turn' }), ROUNDS_PER_TURN);
  return inputs;
};

/**
 * Stands in for the cortex and hippocampus effects: every proposal the gate lets through is
 * encoded (so the ACC learns what memory holds, as live), recorded as the store's answer,
 * routed as the cortex routes it.
 */
export const syntheticEffects = (): ((e: AnyEnvelope) => AnyDraft[]) => {
  let hasProject = false;
  return (e) => {
    if (e.type === 'executive.session.started') hasProject = e.data.project !== null;
    if (e.type !== 'cortex.engram.proposed' || gateDecision(e.data.gate, e.data.engram, e.data.origin, e.data.trust) !== 'encode') return [];
    const { proposalId } = e.data;
    const engram = { ...e.data.engram, text: cleanEntryText(e.data.engram.text), scope: routeScope(e.data.engram, hasProject) };
    const file = engram.kind === 'lesson' ? '/home/u/.engram/memory/lessons.md' : '/home/u/.engram/memory/rules.md';
    return [draft('hippocampus.engram.encoded', { proposalId, engram, file, outcome: 'added' }, null)];
  };
};
