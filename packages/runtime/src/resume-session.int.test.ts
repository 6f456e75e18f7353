import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accCore, defaultAccCoreParams } from '@engram/acc';
import type { AnyEnvelope } from '@engram/events';
import { foldCore } from '@engram/kernel';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { createBrain } from './create-brain.js';

const newBrain = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-resume-'));
  return createBrain({ home: join(root, 'home'), project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'active' }, env: {} });
};

const ERROR = "Refusing to save record for engine='gmail-1'";

/** One round: a call of `publish` that fails with the same error every time. */
const failingCall = (s: ReturnType<ReturnType<typeof newBrain>['session']>) => {
  const id = s.toolCalled({ name: 'publish', input: { target: 'reports/q3' } });
  const verdict = s.guard(id, 'publish');
  if (verdict.action !== 'block') s.toolResulted({ id, name: 'publish', ok: false, error: ERROR });
  return { verdict, nudges: s.endRound() };
};

const typesOf = (events: readonly AnyEnvelope[]) => events.map((e) => e.type);

describe('resuming a session from its log (one process per hook)', () => {
  it('carries the breaker, the ACC, the turn and round numbering and the ids across suspend and resume', async () => {
    const brain = newBrain();
    const first = brain.session();
    first.startTurn('publish the report');
    expect(failingCall(first)).toEqual({ verdict: { action: 'allow' }, nudges: [] });
    await first.suspend();
    expect(typesOf(readLogFile(first.eventLog).events)).not.toContain('executive.session.ended');

    // The ACC's repeated-tool-error needs two failures in a row: one is in the log, one is new.
    const second = brain.session({ sessionId: first.id, resume: true });
    const two = failingCall(second);
    expect(two.verdict).toEqual({ action: 'allow' });
    expect(two.nudges.map((n) => n.lessonId)).toContain('acc.repeated-tool-error');
    // The breaker saw both failures: the third call is warned about.
    const three = failingCall(second);
    expect(three.verdict.action).toBe('warn');
    expect(three.nudges.map((n) => n.lessonId)).not.toContain('acc.repeated-tool-error'); // one nudge per detector per turn
    await second.suspend();

    const third = brain.session({ sessionId: first.id, resume: true });
    const four = failingCall(third);
    expect(four.verdict.action).toBe('block');
    const made = third.toolCalled({ name: 'lookup', input: {} });
    third.toolResulted({ id: made, name: 'lookup', ok: true });
    const summary = third.endTurn('I could not publish it.');
    expect(summary).toMatchObject({ turn: 1 });
    expect(summary.lessons.map((l) => l.id)).toContain('acc.repeated-tool-error');
    await third.settled();
    third.startTurn('next');
    third.endTurn('ok');
    await third.close();

    const log = readLogFile(first.eventLog);
    expect(log.problems).toEqual([]);
    const events = log.events;
    expect(typesOf(events).filter((t) => t === 'executive.session.started')).toHaveLength(1);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.flatMap((e) => (e.type === 'executive.round.started' ? [[e.turn, e.data.round]] : []))).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [1, 5],
    ]);
    expect(events.flatMap((e) => (e.type === 'executive.turn.started' ? [e.turn] : []))).toEqual([1, 2]);
    // Made-up tool ids continue the log's instead of starting again at tool-1.
    const ids = events.flatMap((e) => (e.type === 'executive.tool.called' ? [e.data.toolUseId] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.at(-1)).toBe(made);
    // What the live ACC published across three processes is what one fold of the whole log derives.
    const derived = foldCore(accCore, defaultAccCoreParams, events).published.map((d) => [d.type, d.causationId]);
    const recorded = events.filter((e) => e.type.startsWith('acc.')).map((e) => [e.type, e.causationId]);
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded).toEqual(derived);
  });

  it('starts a new session with the id when there is no log, and refuses an ended session or an unsafe id', async () => {
    const brain = newBrain();
    const s = brain.session({ sessionId: '20260101_120000_abcd', resume: true });
    s.startTurn('hello');
    s.endTurn('hi');
    await s.close();
    expect(typesOf(readLogFile(s.eventLog).events)[0]).toBe('executive.session.started');
    expect(() => brain.session({ sessionId: s.id, resume: true })).toThrow(/has ended/);
    expect(() => brain.session({ sessionId: '../../etc/passwd', resume: true })).toThrow(/not a safe file name/);
  });

  it('skips a corrupt line, reports it, and loses nothing the log holds', async () => {
    const brain = newBrain();
    const s = brain.session();
    s.startTurn('publish');
    failingCall(s);
    await s.suspend();
    appendFileSync(s.eventLog, '{"not": "an event"}\n');
    const problems: string[] = [];
    const resumed = brain.session({ sessionId: s.id, resume: true, onLogProblem: (p) => problems.push(p) });
    // Each missing field of the bad line is named; all on that one line.
    expect(problems.length).toBeGreaterThan(0);
    expect(new Set(problems.map((p) => /^(.*\.jsonl:\d+): /.exec(p)?.[1]))).toEqual(new Set([`${s.eventLog}:${readLogFile(s.eventLog).lines}`]));
    expect(failingCall(resumed).nudges.map((n) => n.lessonId)).toContain('acc.repeated-tool-error');
    await resumed.suspend();
    const after = readLogFile(s.eventLog);
    expect(after.events.filter((e) => e.type === 'executive.tool.resulted')).toHaveLength(2);
  });

  it('resumes a session suspended between turns, and a turn left open by a process that stopped', async () => {
    const brain = newBrain();
    const s = brain.session();
    s.startTurn('one');
    s.endTurn('done');
    await s.suspend();
    const between = brain.session({ sessionId: s.id, resume: true });
    expect(() => between.toolCalled({ name: 'x', input: {} })).toThrow(/no turn is open/);
    between.startTurn('two');
    between.toolCalled({ name: 'x', input: {} });
    await between.suspend();
    const open = brain.session({ sessionId: s.id, resume: true });
    // The turn and its round are still open: a result and the end of the round need no new start.
    open.toolResulted({ id: 'tool-1', name: 'x', ok: true });
    open.endRound();
    open.endTurn('done too');
    await open.close();
    const rounds = readLogFile(s.eventLog).events.filter((e) => e.type === 'executive.round.completed');
    expect(rounds.map((e) => e.type === 'executive.round.completed' && [e.turn, e.data.round, e.data.toolCalls])).toEqual([[2, 1, 1]]);
  });
});
