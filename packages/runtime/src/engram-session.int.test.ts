import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { createBrain } from './create-brain.js';
import { HostReportError } from './host-reports.js';

const newBrain = (acc: 'off' | 'passive' | 'active' = 'active') => {
  const root = mkdtempSync(join(tmpdir(), 'engram-rt-'));
  return createBrain({ home: join(root, 'home'), project: join(root, 'project'), modes: { memory: 'autopilot', acc }, env: {} });
};

/** A round where one tool fails three times with the same error. */
const failingRound = (s: ReturnType<ReturnType<typeof newBrain>['session']>) => {
  for (let i = 0; i < 3; i++) {
    const id = s.toolCalled({ name: 'publish', input: { target: 'reports/q3' } });
    s.toolResulted({ id, name: 'publish', ok: false, error: "Refusing to save record for engine='gmail-1'" });
  }
  return s.endRound();
};

describe('a host-driven session', () => {
  it('nudges mid-turn, learns at the end of the turn, and keeps a valid durable log', async () => {
    const brain = newBrain();
    const s = brain.session();
    const seen: AnyEnvelope[] = [];
    s.events$.subscribe((e) => seen.push(e));
    s.startTurn('publish the report');
    const nudges = failingRound(s);
    expect(nudges.map((n) => n.lessonId)).toEqual(['acc.repeated-tool-error', 'acc.repeated-error-signature']);
    expect(nudges[0]?.text).toMatch(/don't retry/i);
    expect(s.nudges()).toHaveLength(2);
    expect(s.nudges()).toHaveLength(0);
    const summary = s.endTurn('I could not publish it.');
    expect(summary.lessons.map((l) => l.id)).toEqual(['acc.repeated-tool-error', 'acc.repeated-error-signature']);
    await s.settled();
    const log = readLogFile(s.eventLog);
    expect(log.problems).toEqual([]);
    expect(log.events.map((e) => e.type)).toEqual(['executive.session.started', ...seen.map((e) => e.type)]);
    expect(log.events.filter((e) => e.type === 'acc.lesson.detected')).toHaveLength(2);
    // Causation: each lesson was caused by the turn's completion.
    const completed = log.events.find((e) => e.type === 'executive.turn.completed');
    for (const l of log.events.filter((e) => e.type === 'acc.lesson.detected')) expect(l.causationId).toBe(completed?.id);
    await s.close();
    expect(readLogFile(s.eventLog).events.at(-1)?.type).toBe('executive.session.ended');
  });

  it('learns nothing from a failed or cancelled turn, and the next turn starts clean', async () => {
    const s = newBrain().session();
    s.startTurn('one');
    failingRound(s);
    s.failTurn('llm', 'model unreachable');
    s.startTurn('two');
    failingRound(s);
    s.cancelTurn('user pressed stop');
    s.startTurn('three');
    const id = s.toolCalled({ name: 'publish', input: {} });
    s.toolResulted({ id, name: 'publish', ok: false, error: 'x' });
    expect(s.endTurn('done').lessons).toEqual([]);
    await s.close();
    expect(readLogFile(s.eventLog).events.filter((e) => e.type === 'acc.lesson.detected')).toEqual([]);
  });

  it('passive mode learns without nudging; off learns nothing', () => {
    const passive = newBrain('passive').session();
    passive.startTurn('x');
    expect(failingRound(passive)).toEqual([]);
    expect(passive.endTurn('y').lessons).toHaveLength(2);
    const off = newBrain('off').session();
    off.startTurn('x');
    failingRound(off);
    expect(off.endTurn('y').lessons).toEqual([]);
  });

  it('maps reported cells to scratchpad events the ACC reads (a kill loop)', async () => {
    const s = newBrain().session();
    s.startTurn('render');
    for (let i = 0; i < 2; i++) s.cell({ pad: 'build', code: 'render_all()', description: 'render', outcome: { kind: 'killed', reason: 'Cell timed out after 30s' } });
    s.cell({ pad: 'build', code: '   ' });
    const lessons = s.endTurn('gave up').lessons.map((l) => l.id);
    expect(lessons).toContain('acc.kill-loop.heavy');
    expect(lessons).toContain('acc.oversized-cell');
    await s.close();
    const types = readLogFile(s.eventLog).events.map((e) => e.type);
    expect(types.filter((t) => t === 'scratchpad.cell.killed')).toHaveLength(2);
    expect(types).toContain('scratchpad.cell.rejected');
  });

  it('scrubs secrets from everything a host reports before it reaches the log', async () => {
    const s = newBrain().session();
    const key = 'sk-ant-api03-' + 'a'.repeat(90);
    s.startTurn(`use ${key}`);
    const id = s.toolCalled({ name: 'http', input: { headers: { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz123456' } } });
    s.toolResulted({ id, name: 'http', ok: false, error: `401 for password=hunter2secret` });
    s.cell({ pad: 'p', code: `key = "${key}"`, outcome: { kind: 'executed', stdout: key, stderr: '', error: '' } });
    s.endTurn(`done with ${key}`);
    await s.close();
    const text = readFileSync(s.eventLog, 'utf8');
    expect(text).not.toContain(key);
    expect(text).not.toContain('hunter2secret');
    expect(text).not.toContain('abcdefghijklmnopqrstuvwxyz123456');
  });

  it('guards the tool calls of a host: warn after two identical failures, block after three', async () => {
    const s = newBrain().session();
    s.startTurn('publish');
    const verdicts: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = s.toolCalled({ name: 'publish', input: { target: 'q3' } });
      const v = s.guard(id, 'publish');
      verdicts.push(v.action);
      if (v.action !== 'block') s.toolResulted({ id, name: 'publish', ok: false, error: `Refusing to save record for engine='gmail-${i}'` });
    }
    expect(verdicts).toEqual(['allow', 'allow', 'warn', 'block']);
    // Keyed on what failed: another input of the tool is allowed, asked before or after it is reported.
    expect(s.guard('never-reported', 'publish', { target: 'q4' }).action).toBe('allow');
    expect(s.guard('never-reported', 'publish', { target: 'q3' }).action).toBe('block');
    expect(s.guard(s.toolCalled({ name: 'publish', input: { target: 'q4' } }), 'publish').action).toBe('allow');
    s.endTurn('stopped');
    s.startTurn('next turn');
    expect(s.guard(s.toolCalled({ name: 'publish', input: {} }), 'publish').action).toBe('allow');
    s.endTurn('ok');
    await s.close();
    expect(readLogFile(s.eventLog).events.filter((e) => e.type === 'executive.tool.guarded')).toHaveLength(2);
  });

  it('refuses malformed host reports with the field named, and reports outside a turn', () => {
    const s = newBrain().session();
    expect(() => s.toolCalled({ name: 'x', input: 1 })).toThrow(/startTurn/);
    s.startTurn('x');
    expect(() => s.toolCalled({ name: '', input: 1 })).toThrow(HostReportError);
    expect(() => s.toolCalled({ name: '', input: 1 })).toThrow(expect.objectContaining({ _tag: 'HostReportError', reason: 'invalid' }));
    expect(() => s.toolCalled({ name: '', input: 1 })).toThrow(/name/);
    expect(() => s.toolResulted({ id: 'a', name: 'b', ok: 'yes' as never })).toThrow(/ok/);
  });
});
