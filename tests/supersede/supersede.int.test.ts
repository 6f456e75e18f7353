import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cortex, PendingQueue } from '@engram/cortex';
import type { AnyDraft } from '@engram/events';
import { FileSemanticStore, MemoryHistory } from '@engram/hippocampus';
import type { EventSink, SemanticStore } from '@engram/kernel';
import { describe, expect, it } from 'vitest';

const open = (trustOfStored?: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-supersede-'));
  const files = new FileSemanticStore({ scope: 'project', dir: join(dir, 'memory'), root: dir });
  // Until the trust tier is written into provenance (the trust helper's field), stored entries are read with the tier given here.
  const project: SemanticStore =
    trustOfStored === undefined
      ? files
      : Object.assign(Object.create(files) as SemanticStore, {
          read: async () => {
            const s = await files.read();
            const t = <T>(l: readonly T[]) => l.map((e) => ({ ...e, trust: trustOfStored }));
            return { ...s, rules: t(s.rules), lessons: t(s.lessons) };
          },
        });
  const events: AnyDraft[] = [];
  const sink: EventSink = { publish: (type, data) => void events.push({ type, data } as AnyDraft) };
  const history = new MemoryHistory(join(dir, 'memory'), { root: dir });
  const pending = new PendingQueue(join(dir, 'pending-memory.json'), { root: dir });
  const cortex = new Cortex({ global: files, project, mode: 'autopilot', pending, sink, histories: { global: history, project: history } });
  return { dir, files, cortex, events, history, pending };
};

const engram = (text: string, kind: 'always' | 'never' | 'lesson' = 'lesson') => ({ text, kind, scope: 'project' as const, confidence: 'high' as const, topic: null, source: 'user' as const });

describe('corrections supersede', () => {
  it("a model's memorize correction retires the entry it names: out of the file, into the history, recorded", async () => {
    const m = open();
    const first = await m.cortex.propose({ engram: engram('The API limit is 50 requests a minute'), origin: 'memorize' });
    const answer = await m.cortex.memorize({ entries: [{ text: 'The API limit is 100 requests a minute', supersedes: first.entry?.id }] });
    expect(answer.text).toMatch(/^Updated lesson/);
    expect(answer.failed).toBe(false);
    expect(readFileSync(m.files.pathOf('lessons'), 'utf8')).not.toContain('50 requests');
    const [h] = m.history.read().records;
    expect(h).toMatchObject({ id: first.entry?.id, text: 'The API limit is 50 requests a minute', reason: 'correction' });
    expect(m.events.find((e) => e.type === 'hippocampus.engram.superseded')?.data).toMatchObject({ entryId: first.entry?.id, reason: 'correction' });
    expect((await m.cortex.memoryContext()).text).not.toContain('50 requests');
  });

  it('a contradiction from equal trust wins; from lower trust both wait for the user, and accepting decides', async () => {
    const m = open('user');
    await m.cortex.propose({ engram: engram('Use tabs', 'always'), origin: 'user' });
    const r = await m.cortex.propose({ engram: engram('Never use tabs', 'never'), origin: 'consolidation' });
    expect(r.status).toBe('queued');
    expect(readFileSync(m.files.pathOf('rules'), 'utf8')).toContain('Use tabs');
    expect(m.pending.list()[0]?.contradicts?.[0]).toMatchObject({ text: 'Use tabs' });
    expect(m.events.find((e) => e.type === 'cortex.engram.contradicted')?.data).toMatchObject({ judge: 'heuristic', verdict: 'pending' });
    const accepted = await m.cortex.accept(['1']);
    expect(accepted.accepted[0]?.retired?.map((x) => x.text)).toEqual(['Use tabs']);
    expect(readFileSync(m.files.pathOf('rules'), 'utf8')).not.toMatch(/^- Use tabs/m);

    const n = open();
    await n.cortex.propose({ engram: engram('Use pnpm'), origin: 'memorize' });
    const won = await n.cortex.propose({ engram: engram('Do not use pnpm'), origin: 'memorize' });
    expect(won.status).toBe('superseded');
    expect(n.history.read().records.map((x) => [x.text, x.reason])).toEqual([['Use pnpm', 'contradiction']]);
  });

  it('asks the model judge when one is configured, and takes its verdict', async () => {
    const m = open();
    await m.cortex.propose({ engram: engram('Deploy on Fridays'), origin: 'memorize' });
    const calls: string[] = [];
    const judged = new Cortex({
      global: m.files,
      project: m.files,
      mode: 'autopilot',
      pending: m.pending,
      judge: () =>
        Promise.resolve({
          generateObject: (_schema: unknown, o: { purpose: string }) => {
            calls.push(o.purpose);
            return Promise.resolve({ contradicted: [{ n: 1, reason: 'Fridays allowed vs forbidden' }] });
          },
        } as never),
    });
    const r = await judged.propose({ engram: engram('Friday deploys are forbidden'), origin: 'memorize' });
    expect(calls).toEqual(['contradiction']);
    expect(r.retired?.map((x) => x.text)).toEqual(['Deploy on Fridays']);
  });
});
