import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeInstincts, DAY_MS, defaultBasalGangliaParams, InstinctStore, patternId } from '@engram/basal-ganglia';
import { manualClock } from '@engram/kernel';
import { createBrain } from '@engram/runtime';
import { JsonlLogWriter, readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import { repeat, toolSession } from './tool-session.js';

const DAY0 = Date.parse('2026-03-01T09:00:00.000Z');
const GRE = ['Grep', 'Read', 'Edit'];
const gre = patternId('chain', GRE);

/**
 * The loop closed through the runtime: a habit promoted from real logs reaches the next session's
 * prompt with its instinct id, and what that session then does is not counted as fresh evidence.
 */
describe('promoted instincts in the prompt', () => {
  it('injects the promoted habit with its id, and the next analysis does not let it confirm itself', async () => {
    const base = mkdtempSync(join(tmpdir(), 'engram-habits-'));
    const home = join(base, 'home');
    const project = join(base, 'project');
    const events = join(project, '.engram', 'events');
    for (const [i, n] of [6, 8, 7, 9].entries()) {
      const sessionId = `202603${String(i * 2 + 1).padStart(2, '0')}_090000_000${i + 1}`;
      const w = new JsonlLogWriter(join(events, `${sessionId}.jsonl`), sessionId);
      await w.append(toolSession(repeat(GRE, n), { sessionId, start: DAY0 + i * 2 * DAY_MS }));
      w.close();
    }
    const readAll = (files: readonly string[]) => files.flatMap((f) => readLogFile(f).events);
    const logFiles = () => readdirSync(events).map((f) => join(events, f));
    const now = DAY0 + 7 * DAY_MS;
    const store = new InstinctStore(join(project, '.engram', 'instincts'));
    const first = analyzeInstincts({ events: readAll(logFiles()), existing: [], now, params: defaultBasalGangliaParams, promote: true });
    expect(first.plan.promoted).toEqual([gre]);
    await store.write(first.plan);

    const brain = createBrain({ home, project, modes: { memory: 'autopilot', acc: 'off' }, env: {}, clock: manualClock(now + DAY_MS) });
    const s = brain.session();
    s.startTurn('rename the helper everywhere');
    const context = await s.memoryContext('rename the helper everywhere');
    expect(context).toContain('## Habits that worked');
    expect(context).toContain('Frequent tool chain: Grep->Read->Edit');
    for (const name of repeat(GRE, 3)) {
      const id = s.toolCalled({ name, input: {} });
      s.toolResulted({ id, name, ok: true });
    }
    s.endTurn('done');
    await s.close();
    const injected = readLogFile(s.eventLog).events.filter((e) => e.type === 'cortex.context.injected');
    expect(injected.flatMap((e) => (e.type === 'cortex.context.injected' ? e.data.items.map((i) => i.id) : []))).toContain(gre);

    const later = now + 2 * DAY_MS;
    const analyse = (files: readonly string[]) => analyzeInstincts({ events: readAll(files), existing: store.read().tracked, now: later, params: defaultBasalGangliaParams }).scores.find((p) => p.id === gre);
    const withLive = analyse(logFiles());
    const withoutLive = analyse(logFiles().filter((f) => f !== s.eventLog));
    // The live session's three Grep->Read->Edit runs happened while the rule was injected: not fresh evidence.
    expect(withLive?.selfConfirmed).toBe(3);
    expect(withLive?.observations).toBe(withoutLive?.observations);
    expect(withLive?.sessions).toBe(withoutLive?.sessions);
  });
});
