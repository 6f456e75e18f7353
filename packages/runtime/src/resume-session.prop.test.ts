import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBrain } from './create-brain.js';
import type { EngramSession } from './engram-session.js';

/** What a hook-driven host does, one report at a time. */
type Op =
  | { readonly kind: 'start' }
  | { readonly kind: 'call'; readonly tool: string; readonly ok: boolean; readonly error: string }
  | { readonly kind: 'round' }
  | { readonly kind: 'end' }
  | { readonly kind: 'cancel' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Op>({ kind: 'start' }) },
  // Mostly failures, one error per tool, so breaker streaks and ACC runs build up often.
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('call' as const), tool: fc.constantFrom('publish', 'read'), ok: fc.boolean() }).map((c) => ({ ...c, ok: c.ok && c.tool === 'read', error: `${c.tool} refused` })) },
  { weight: 3, arbitrary: fc.constant<Op>({ kind: 'round' }) },
  { weight: 1, arbitrary: fc.constant<Op>({ kind: 'end' }) },
  { weight: 1, arbitrary: fc.constant<Op>({ kind: 'cancel' }) },
);

/** Each op's answer to the host: guard verdicts, nudges, lessons. */
const apply = async (s: EngramSession, op: Op, inTurn: boolean): Promise<{ out: unknown; inTurn: boolean }> => {
  if (op.kind === 'start') {
    s.startTurn('task');
    return { out: 'started', inTurn: true };
  }
  if (!inTurn) return { out: 'skipped', inTurn };
  switch (op.kind) {
    case 'call': {
      const id = s.toolCalled({ name: op.tool, input: { path: 'a.csv' } });
      const verdict = s.guard(id, op.tool);
      if (verdict.action !== 'block') s.toolResulted({ id, name: op.tool, ok: op.ok, error: op.ok ? '' : op.error });
      return { out: [id, verdict.action], inTurn };
    }
    case 'round':
      return { out: s.endRound().map((n) => n.lessonId), inTurn };
    case 'end': {
      const lessons = s.endTurn('done').lessons.map((l) => l.id);
      await s.settled();
      return { out: lessons, inTurn: false };
    }
    case 'cancel':
      s.cancelTurn('stopped');
      return { out: 'cancelled', inTurn: false };
  }
};

/** The parts of the log that must not depend on where the processes changed (ids, times and the temp folder do). */
const shape = (events: readonly AnyEnvelope[], root: string) =>
  events
    .filter((e) => !e.type.startsWith('cortex.') && !e.type.startsWith('hippocampus.'))
    .map((e) => ({ seq: e.seq, turn: e.turn, round: e.round, type: e.type, data: e.type.startsWith('executive.') || e.type.startsWith('acc.') ? JSON.stringify(e.data).replaceAll(root, '<root>') : null }));

const run = async (ops: readonly Op[], suspendAfterEach: boolean) => {
  const root = mkdtempSync(join(tmpdir(), 'engram-resume-prop-'));
  const brain = createBrain({ home: join(root, 'home'), project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'active' }, env: {} });
  let s = brain.session({ sessionId: '20260101_120000_abcd' });
  const outs: unknown[] = [];
  let inTurn = false;
  for (const op of ops) {
    const r = await apply(s, op, inTurn);
    outs.push(r.out);
    inTurn = r.inTurn;
    if (suspendAfterEach) {
      await s.suspend();
      s = brain.session({ sessionId: s.id, resume: true });
    }
  }
  await s.close();
  const log = readLogFile(s.eventLog);
  expect(log.problems).toEqual([]);
  return { outs, log: shape(log.events, root) };
};

describe('suspend and resume', () => {
  it('are invisible: a session suspended and resumed after every report answers and logs exactly like one process', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 14 }).map((ops): Op[] => [{ kind: 'start' }, ...ops]), async (ops) => {
        const once = await run(ops, false);
        const split = await run(ops, true);
        expect(split.outs).toEqual(once.outs);
        expect(split.log).toEqual(once.log);
      }),
      // Every report fsyncs the log twice over; the default keeps the suite fast, FC_NUM_RUNS soaks it.
      { numRuns: Number(process.env['FC_NUM_RUNS'] ?? '') || 25 },
    );
  }, 120_000);
});
