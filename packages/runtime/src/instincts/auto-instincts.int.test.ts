import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBrain, type Brain } from '../create-brain.js';
import { ANALYSIS_STATE_FILE } from './analysis-state.js';

const HABIT = 'basal-ganglia.chain.Grep>Read>Edit';

const newBrain = (auto?: boolean): Brain => {
  const root = mkdtempSync(join(tmpdir(), 'engram-auto-instincts-'));
  return createBrain({ home: join(root, 'home'), project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'off' }, env: {}, ...(auto === undefined ? {} : { instincts: { auto } }) });
};

/** One host-driven session with the habit: Grep, Read, Edit, six times over; closed at the end. */
const habitSession = async (brain: Brain): Promise<readonly string[]> => {
  const s = brain.session();
  s.startTurn('fix the parser');
  for (let i = 0; i < 6; i++) {
    for (const name of ['Grep', 'Read', 'Edit']) {
      const id = s.toolCalled({ name, input: { path: 'src/parser.ts' } });
      s.toolResulted({ id, name, ok: true, output: 'ok' });
      s.endRound();
    }
  }
  s.endTurn('fixed');
  await s.close();
  return s.problems();
};

const statusOf = async (brain: Brain, id: string): Promise<string | null> => (await brain.instincts.list()).instincts.find((i) => i.id === id)?.status ?? null;

describe('instinct analysis at each session end', () => {
  it('promotes a habit after the sessions that show it, with no `engram instincts promote`', async () => {
    const brain = newBrain();
    expect(await habitSession(brain)).toEqual([]);
    expect(await statusOf(brain, HABIT)).toBeNull(); // 6 of the 17 the frequency needs: not tracked yet
    await habitSession(brain);
    expect(await statusOf(brain, HABIT)).toBe('active'); // tracked, below promotion
    await habitSession(brain);
    expect(await statusOf(brain, HABIT)).toBe('promoted');
    expect(readFileSync(join((await brain.instincts.list()).instinctsDir, 'generated-rules.md'), 'utf8')).toContain(HABIT);
  });

  it('keeps a state so a session end reads only the logs that changed, and scores as a full read does', async () => {
    const brain = newBrain();
    for (let k = 0; k < 3; k++) await habitSession(brain);
    const dir = (await brain.instincts.list()).instinctsDir;
    // The last session end recorded its promotion in a log of its own: read once, then never again.
    const first = await brain.instincts.analyze();
    expect(first.read.every((f) => readFileSync(f, 'utf8').includes('basal-ganglia.instinct.promoted'))).toBe(true);
    const incremental = await brain.instincts.analyze();
    expect(incremental.read).toEqual([]);
    expect(incremental.logs.length).toBeGreaterThanOrEqual(3);
    rmSync(join(dir, ANALYSIS_STATE_FILE));
    const full = await brain.instincts.analyze({ now: incremental.now });
    expect(full.read.length).toBe(full.logs.length);
    expect(full.scores).toEqual(incremental.scores);
  });

  it('treats a broken state file (a killed writer, a hand edit) as no state: everything is read again', async () => {
    const brain = newBrain();
    for (let k = 0; k < 3; k++) await habitSession(brain);
    const dir = (await brain.instincts.list()).instinctsDir;
    const before = await brain.instincts.analyze();
    writeFileSync(join(dir, ANALYSIS_STATE_FILE), '{"v":1,"logs":{"x":');
    const after = await brain.instincts.analyze({ now: before.now });
    expect(after.read.length).toBe(after.logs.length);
    expect(after.scores).toEqual(before.scores);
    expect(await statusOf(brain, HABIT)).toBe('promoted');
  });

  it('stops reading at its budget, keeps the progress, and carries on at the next session end', async () => {
    const brain = newBrain(false);
    for (let k = 0; k < 3; k++) await habitSession(brain);
    const dir = (await brain.instincts.list()).instinctsDir;
    expect(existsSync(join(dir, ANALYSIS_STATE_FILE))).toBe(false); // auto off: nothing ran
    const starved = await brain.instincts.settle({ readBudgetMs: -1 });
    expect(starved.complete).toBe(false);
    expect(starved.read).toHaveLength(1); // one log per run at least: always progress
    expect(await statusOf(brain, HABIT)).toBeNull(); // nothing scored or written on an incomplete read
    const next = await brain.instincts.settle({ readBudgetMs: 60_000 }); // a generous budget: a loaded machine must not make this flaky
    expect(next.complete).toBe(true);
    expect(next.plan.promoted).toEqual([HABIT]);
  });

  it('does nothing at session end when switched off (ENGRAM_AUTO_INSTINCTS=0)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-auto-instincts-'));
    const brain = createBrain({ home: join(root, 'home'), project: join(root, 'project'), modes: { memory: 'autopilot', acc: 'off' }, env: { ENGRAM_AUTO_INSTINCTS: '0' } });
    for (let k = 0; k < 3; k++) await habitSession(brain);
    expect((await brain.instincts.list()).instincts).toEqual([]);
    expect(() => createBrain({ home: join(root, 'home'), env: { ENGRAM_AUTO_INSTINCTS: 'sometimes' } })).toThrow(/ENGRAM_AUTO_INSTINCTS="sometimes" is not allowed/);
  });
});
