import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { defaultAccCoreParams } from '@engram/acc';
import { createBus } from '@engram/bus';
import { defaultCerebellumParams } from '@engram/cerebellum';
import { resumeCheckpointOf } from '@engram/store';
import { attachBrain } from './attach-brain.js';
import { brainCores, defaultBrainCoreParams } from './cores/brain-cores.js';
import { createBrain } from './create-brain.js';
import type { EngramSession } from './engram-session.js';
import { readResumeCheckpoint } from './effects/resume-checkpoint-file.js';
import { coresKey } from './resume-checkpoint.js';
import { resumeSession } from './resume-session.js';

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

/** The cores such a session runs (no model, the ACC active): what a checkpoint's states must equal the fold of. */
const cores = brainCores({ ...defaultBrainCoreParams, acc: { ...defaultAccCoreParams, mode: 'active' }, cerebellum: { ...defaultCerebellumParams, postMortem: 'classifier' }, consolidation: null });

/**
 * One process for all reports (`once`), or one per report as hooks run: resumed from the checkpoint
 * the last one left beside the log (`checkpoint`), from the one before it and the log's lines since
 * (`lagging`: as after a process that appended and died before writing its checkpoint), or from the
 * whole log (`replay`: the checkpoint removed before each resume).
 */
const run = async (ops: readonly Op[], mode: 'once' | 'checkpoint' | 'lagging' | 'replay') => {
  const root = mkdtempSync(join(tmpdir(), 'engram-resume-prop-'));
  const brain = createBrain({ home: join(root, 'home'), project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'active' }, env: {} });
  let s = brain.session({ sessionId: '20260101_120000_abcd' });
  const outs: unknown[] = [];
  let inTurn = false;
  let older: Buffer | null = null;
  for (const op of ops) {
    const r = await apply(s, op, inTurn);
    outs.push(r.out);
    inTurn = r.inTurn;
    if (mode === 'once') continue;
    await s.suspend();
    const checkpoint = resumeCheckpointOf(s.eventLog);
    if (mode === 'replay') rmSync(checkpoint, { force: true });
    else {
      // The checkpoint covers the whole log, and its states are what folding the whole log gives.
      expect(existsSync(checkpoint)).toBe(true);
      const cp = readResumeCheckpoint(s.eventLog);
      if (cp === null) throw new Error(`${checkpoint}: not a checkpoint this version reads`);
      const log = readLogFile(s.eventLog);
      expect(cp.events).toEqual(log.events);
      expect(cp.cores).toBe(coresKey(cores));
      expect(new Map(cp.states)).toEqual(new Map(attachBrain(createBus({ sessionId: s.id }), cores, log.events).states()));
    }
    if (mode === 'lagging') {
      const newest = readFileSync(checkpoint);
      if (older !== null) writeFileSync(checkpoint, older);
      older = newest;
    }
    const state = resumeSession(brain.paths, s.id);
    expect(state?.checkpoint !== undefined).toBe(mode === 'checkpoint' || (mode === 'lagging' && existsSync(checkpoint)));
    s = brain.session({ sessionId: s.id, resume: state ?? false });
  }
  await s.close();
  expect(existsSync(resumeCheckpointOf(s.eventLog))).toBe(false);
  const log = readLogFile(s.eventLog);
  expect(log.problems).toEqual([]);
  return { outs, log: shape(log.events, root) };
};

describe('suspend and resume', () => {
  it('are invisible: a session suspended and resumed after every report, from its checkpoint or its whole log, answers and logs exactly like one process', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 14 }).map((ops): Op[] => [{ kind: 'start' }, ...ops]), async (ops) => {
        const once = await run(ops, 'once');
        for (const mode of ['checkpoint', 'lagging', 'replay'] as const) {
          const split = await run(ops, mode);
          expect(split.outs).toEqual(once.outs);
          expect(split.log).toEqual(once.log);
        }
      }),
      // Every report fsyncs the log twice over; the default keeps the suite fast, FC_NUM_RUNS soaks it.
      { numRuns: Number(process.env['FC_NUM_RUNS'] ?? '') || 25 },
    );
  }, 180_000);
});
