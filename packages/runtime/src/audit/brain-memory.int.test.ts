import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBrain } from '../create-brain.js';

const DAY = 86_400_000;

/** A brain with real files, and one session in which the ACC learns a rule (a cell killed twice for being heavy). */
const learnedOnce = async () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-brain-memory-'));
  const brain = createBrain({ home: join(root, 'home'), project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'active' }, env: {} });
  const s = brain.session();
  s.startTurn('render the charts');
  for (let i = 0; i < 2; i++) s.cell({ pad: 'charts', code: 'render_all()', description: 'render all', outcome: { kind: 'killed', reason: 'Cell timed out after 60s while still running (too heavy for one cell)' } });
  s.endTurn('gave up');
  await s.settled();
  await s.close();
  const rule = /^- (.*killed.*?)(?: <!--|$)/im.exec(readFileSync(join(root, 'home', 'memory', 'rules.md'), 'utf8'))?.[1] ?? '';
  return { root, brain, rule, log: s.eventLog };
};

describe('brain.memory (the audit over the event logs)', () => {
  it('stats: counts the session and its turn from the log, and judges nothing stale on one session', async () => {
    const { brain, log } = await learnedOnce();
    const audit = await brain.memory.stats();
    expect(audit.logs).toEqual([log]);
    expect(audit.problems).toEqual([]);
    expect([audit.sessions, audit.turns]).toEqual([1, 1]);
    expect(audit.falseLearningRate.learned).toBeGreaterThan(0);
    expect(audit.stale.judged).toBe(false);
  });

  it('why: finds the learned rule by a part of its text and traces it to the detector that fired', async () => {
    const { brain, rule, log } = await learnedOnce();
    expect(rule).not.toBe('');
    const why = await brain.memory.why(rule.slice(0, 20));
    expect(why.entries.map((e) => [e.text, e.store])).toEqual([[rule, 'global']]);
    const p = why.provenance[0];
    expect(p?.log).toBe(log);
    expect(p?.chain.map((s) => s.type).slice(0, 3)).toEqual(['hippocampus.engram.encoded', 'cortex.engram.proposed', 'acc.lesson.detected']);
    expect((await brain.memory.why('nothing like this was ever learned')).entries).toEqual([]);
  });

  it('pruneStale: removes nothing and records nothing when too few injections were seen to judge', async () => {
    const { brain, root } = await learnedOnce();
    const pruned = await brain.memory.pruneStale({ now: Date.now() + 90 * DAY, remove: true });
    expect([pruned.judged, pruned.removed]).toEqual([false, []]);
    expect(readFileSync(join(root, 'home', 'memory', 'rules.md'), 'utf8')).toMatch(/killed/i);
  });
});

describe('brain.instincts (the habit loop)', () => {
  it('analyze reads the logs and writes the instinct files; list and show read them back; an unknown id is an ArgumentError (unknown-instinct)', async () => {
    const { brain, root } = await learnedOnce();
    const run = await brain.instincts.analyze();
    expect(run.instinctsDir).toBe(join(root, 'project', '.engram', 'instincts'));
    expect(run.logs).toHaveLength(1);
    expect(run.auditError).toBeNull();
    expect(existsSync(run.instinctsDir)).toBe(true);
    expect(new Set((await brain.instincts.list()).instincts.map((i) => i.id))).toEqual(new Set(run.plan.active.map((i) => i.id)));
    expect((await brain.instincts.show('no-such-instinct')).found).toBeNull();
    await expect(brain.instincts.archive({ id: 'no-such-instinct' })).rejects.toMatchObject({ _tag: 'ArgumentError', reason: 'unknown-instinct' });
    expect((await brain.instincts.list({ scope: 'global' })).instinctsDir).toBe(join(root, 'home', 'instincts'));
  });
});
