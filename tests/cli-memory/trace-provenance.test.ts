import { buildStream } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { normalizeEntryText, skillSourceFromEvents, traceProvenance } from '@engram/runtime';

const engram = { text: 'Detect the  encoding first', kind: 'lesson', scope: 'project', confidence: 'medium', topic: 'scratchpad', source: 'consolidation' } as const;

const session = buildStream([
  ['executive.turn.started', { message: 'load the file' }],
  ['scratchpad.cell.requested', { cellId: 'c1', code: 'open(f)', description: 'load' }],
  ['scratchpad.cell.executed', { cellId: 'c1', ok: false, stdout: '', stderr: '', error: 'UnicodeDecodeError' }],
  ['scratchpad.cell.requested', { cellId: 'c2', code: 'open(f, encoding="latin-1")', description: 'load latin-1' }],
  ['scratchpad.cell.executed', { cellId: 'c2', ok: true, stdout: 'ok', stderr: '', error: '' }],
  ['executive.turn.completed', { answer: 'done' }, { id: 'done' }],
  ['cerebellum.lesson.learned', { text: engram.text, cellIds: ['c1'] }, { id: 'learned', causationId: 'done' }],
  ['cortex.engram.proposed', { proposalId: 'p1', engram, origin: 'cerebellum' }, { id: 'proposed', causationId: 'learned' }],
  ['hippocampus.engram.encoded', { proposalId: 'p1', engram, outcome: 'added' }, { id: 'encoded' }],
]);

describe('traceProvenance (engram memory why)', () => {
  it('walks from the encoding through its proposal to the root, with the named cells as evidence', () => {
    const [p, ...rest] = traceProvenance(session, 'x.jsonl', new Set([normalizeEntryText('detect the encoding FIRST')]));
    expect(rest).toEqual([]);
    expect(p?.chain.map((s) => s.id)).toEqual(['encoded', 'proposed', 'learned', 'done']);
    expect(p?.evidence.map((s) => s.summary)).toEqual(['cell c1 on main: load', 'cell c1 on main failed: UnicodeDecodeError']);
    expect(p).toMatchObject({ userMessage: 'load the file', missingCause: null, turn: 1 });
  });
  it('stops at a cause the log does not hold, and on a cycle', () => {
    const cut = session.filter((e) => e.id !== 'learned');
    expect(traceProvenance(cut, 'x', new Set([normalizeEntryText(engram.text)]))[0]?.missingCause).toBe('learned');
    const looped = session.map((e) => (e.id === 'done' ? { ...e, causationId: 'proposed' } : e));
    expect(traceProvenance(looped, 'x', new Set([normalizeEntryText(engram.text)]))[0]?.chain).toHaveLength(4);
  });
  it('ignores other texts and empty encodings', () => {
    expect(traceProvenance(session, 'x', new Set(['something else']))).toEqual([]);
    const empty = session.map((e) => (e.type === 'hippocampus.engram.encoded' ? { ...e, data: { ...e.data, outcome: 'empty' as const } } : e));
    expect(traceProvenance(empty, 'x', new Set([normalizeEntryText(engram.text)]))).toEqual([]);
  });
});

describe('traceProvenance on a log written before secrets were scrubbed', () => {
  // A made-up token of GitHub's classic shape (ghp_ and 36 characters), placed so the 120-character cut falls inside it.
  const token = `ghp_${'Zq7Xv3Lm9Tk2'.repeat(3)}`;
  const raw = buildStream([
    ['executive.turn.started', { message: `push with ${token} please` }],
    ['scratchpad.cell.requested', { cellId: 'c1', code: `${'x'.repeat(95)} ${token} rest`, description: '' }],
    ['scratchpad.cell.executed', { cellId: 'c1', ok: false, stdout: '', stderr: '', error: `${'e'.repeat(100)} ${token}` }],
    ['executive.turn.completed', { answer: 'done' }, { id: 'done' }],
    ['cerebellum.lesson.learned', { text: engram.text, cellIds: ['c1'] }, { id: 'learned', causationId: 'done' }],
    ['cortex.engram.proposed', { proposalId: 'p1', engram, origin: 'cerebellum' }, { id: 'proposed', causationId: 'learned' }],
    ['hippocampus.engram.encoded', { proposalId: 'p1', engram, outcome: 'added' }, { id: 'encoded' }],
  ]);
  it('scrubs every summary before cutting it, and the user message: no part of the token is shown', () => {
    const [p] = traceProvenance(raw, 'x', new Set([normalizeEntryText(engram.text)]));
    const shown = JSON.stringify(p);
    expect(shown).toContain('[REDACTED:');
    // Not even the token's head, as cutting first would leave it (ghp_ and the first 16 characters).
    expect(shown).not.toContain(token.slice(0, 20));
  });
});

describe('skillSourceFromEvents (engram skills save)', () => {
  it('joins each cell with its result and keeps the user messages in order', () => {
    const src = skillSourceFromEvents(session);
    expect(src.userMessages).toEqual(['load the file']);
    expect(src.cells).toEqual([
      { description: 'load', code: 'open(f)', ok: false, output: 'UnicodeDecodeError' },
      { description: 'load latin-1', code: 'open(f, encoding="latin-1")', ok: true, output: 'ok' },
    ]);
  });
});
