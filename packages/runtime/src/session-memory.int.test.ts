import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { createBrain, type Brain } from './create-brain.js';
import type { EngramSession } from './engram-session.js';

const roots = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-mem-'));
  return { home: join(root, 'home'), project: join(root, 'project') };
};

const killTwice = (s: EngramSession) => {
  s.startTurn('render the charts');
  for (let i = 0; i < 2; i++) s.cell({ pad: 'charts', code: 'render_all()', description: 'render all', outcome: { kind: 'killed', reason: 'Cell timed out after 60s while still running (too heavy for one cell)' } });
  return s.endTurn('gave up');
};

describe('session memory', () => {
  it('stores end-of-turn lessons as global rules that the next session sees in its prompt and primer', async () => {
    const r = roots();
    const brain: Brain = createBrain({ ...r, modes: { memory: 'autopilot', acc: 'active' }, env: {} });
    const first = brain.session();
    expect(killTwice(first).lessons.map((l) => l.id)).toEqual(['acc.kill-loop.heavy']);
    await first.settled();
    const rules = readFileSync(join(r.home, 'memory', 'rules.md'), 'utf8');
    expect(rules).toMatch(/killed/i);
    await first.close();
    const log = readLogFile(first.eventLog).events;
    const lesson = log.find((e) => e.type === 'acc.lesson.detected');
    const proposed = log.find((e) => e.type === 'cortex.engram.proposed');
    const encoded = log.find((e) => e.type === 'hippocampus.engram.encoded');
    expect(proposed?.causationId).toBe(lesson?.id);
    expect(encoded).toBeDefined();

    const second = brain.session();
    const context = await second.memoryContext('render the charts again');
    const primer = await second.toolPrimer('scratchpad');
    expect(`${context}\n${primer}`).toMatch(/killed/i);
    await second.close();
    expect(readLogFile(second.eventLog).events.some((e) => e.type === 'cortex.context.injected')).toBe(true);
  });

  it('a new kill-loop variant replaces the stored one: never both in memory', async () => {
    const r = roots();
    const brain = createBrain({ ...r, modes: { memory: 'autopilot', acc: 'active' }, env: {} });
    const a = brain.session();
    killTwice(a);
    await a.close();
    const b = brain.session();
    b.startTurn('again');
    for (let i = 0; i < 2; i++) b.cell({ pad: 'charts', code: 'render_all()', outcome: { kind: 'killed', reason: 'Cell killed: no output for 20s (liveness check failed; the worker hung)' } });
    expect(b.endTurn('hung').lessons.map((l) => l.id)).toEqual(['acc.kill-loop.liveness']);
    await b.close();
    const rules = readFileSync(join(r.home, 'memory', 'rules.md'), 'utf8');
    expect(rules).toMatch(/liveness|hung/i);
    expect(rules).not.toMatch(/smaller|narrower/i);
  });

  it('memory mode off stores nothing; copilot queues the ACC\'s global rules (high confidence, but global: issue 26) and the cerebellum\'s lessons', async () => {
    const off = roots();
    const s = createBrain({ ...off, modes: { memory: 'off', acc: 'active' }, env: {} }).session();
    killTwice(s);
    await s.close();
    expect(existsSync(join(off.home, 'memory', 'rules.md'))).toBe(false);

    const co = roots();
    const c = createBrain({ ...co, modes: { memory: 'copilot', acc: 'active' }, env: {} }).session();
    killTwice(c);
    await c.close();
    // Nothing global is written without the user's yes.
    expect(existsSync(join(co.home, 'memory', 'rules.md'))).toBe(false);
    const events = readLogFile(c.eventLog).events;
    const learned = events.filter((e) => e.type === 'cerebellum.lesson.learned');
    const detected = events.filter((e) => e.type === 'acc.lesson.detected');
    expect(learned.length).toBeGreaterThan(0);
    expect(detected.length).toBeGreaterThan(0);
    const queued = events.flatMap((e) => (e.type === 'cortex.engram.queued' ? [e] : []));
    expect(queued).toHaveLength(learned.length + detected.length);
    expect(events.filter((e) => e.type === 'hippocampus.engram.encoded')).toEqual([]);
  });
});
