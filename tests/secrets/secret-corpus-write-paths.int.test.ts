import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cortex, PendingQueue, pendingPathFor } from '@engram/cortex';
import type { EngramData } from '@engram/events';
import { EpisodicMemory, FileSemanticStore } from '@engram/hippocampus';
import { sequentialIds, type EventSink } from '@engram/kernel';
import { SECRET_SAMPLES } from '@engram/kernel/testing';
import { createBrain } from '@engram/runtime';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 11: every kind of secret in the labelled corpus goes through every write path (the event
 * log, episodes, the SQLite recall index, semantic memory files) by every door a host has (user
 * text, tool inputs as values and as keys, tool output and errors, cell code and output, answers,
 * memory proposals), and then no byte of any secret may be on disk.
 */
const root = mkdtempSync(join(tmpdir(), 'engram-secrets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

describe('the secret corpus on every write path', () => {
  it('leaves no secret of any kind on disk', async () => {
    const home = join(root, 'home');
    const project = join(root, 'project');
    const brain = createBrain({ home, project, modes: { memory: 'autopilot', acc: 'active' }, env: {} });
    const session = brain.session();
    for (const sample of SECRET_SAMPLES) {
      session.startTurn(`please use this: ${sample.text}`);
      const id = session.toolCalled({ name: 'Bash', input: { command: sample.text, env: { [sample.text]: 'as a key' }, nested: [[{ deep: sample.text }]] } });
      session.toolResulted({ id, name: 'Bash', ok: true, output: `ran:\n${sample.text}` });
      const failed = session.toolCalled({ name: 'Bash', input: { command: 'retry' } });
      session.toolResulted({ id: failed, name: 'Bash', ok: false, error: `failed with ${sample.text}` });
      session.cell({ pad: 'main', code: `print("""${sample.text}""")`, description: sample.text, outcome: { kind: 'executed', stdout: sample.text, stderr: '', error: '', durationMs: 5 } });
      session.endRound();
      session.endTurn(`done; for the record ${sample.text}`);
    }
    await session.settled();
    await session.close();

    // Semantic memory through the hippocampus file stores, by the cortex, every kind of entry.
    const sink: EventSink = { publish: () => undefined };
    const global = new FileSemanticStore({ dir: join(home, 'memory'), scope: 'global' });
    const local = new FileSemanticStore({ dir: join(project, '.engram', 'memory'), scope: 'project' });
    const cortex = new Cortex({ global, project: local, mode: 'autopilot', pending: new PendingQueue(pendingPathFor(join(project, '.engram'))), sink, ids: sequentialIds('p') });
    const kinds: readonly [EngramData['kind'], EngramData['scope']][] = [['lesson', 'project'], ['always', 'global'], ['never', 'project'], ['profile', 'global']];
    for (const [i, sample] of SECRET_SAMPLES.entries()) {
      const [kind, scope] = kinds[i % kinds.length] ?? ['lesson', 'project'];
      await cortex.propose({ engram: { text: `Remember ${sample.text.replace(/\n/g, ' ')} (${i})`, kind, scope, confidence: 'high', topic: sample.kind, source: 'user' }, origin: 'user' });
    }

    // The SQLite recall index over the episodes.
    const episodic = new EpisodicMemory({ projectDir: project });
    episodic.reindex();
    expect(episodic.recall('please use this').hits).toBeGreaterThan(0);
    episodic.close();

    const files = filesUnder(root);
    const written = files.map((f) => ({ f, text: readFileSync(f).toString('latin1') }));
    expect(written.some(({ f }) => f.endsWith('.sqlite'))).toBe(true);
    expect(written.some(({ f }) => f.endsWith('lessons.md'))).toBe(true);
    expect(written.some(({ f }) => f.includes(`${join('episodes', '')}`))).toBe(true);
    expect(written.some(({ f }) => f.includes(join('events', '')))).toBe(true);
    const leaks = SECRET_SAMPLES.flatMap((s) => s.secrets.flatMap((secret) => written.filter(({ text }) => text.includes(secret)).map(({ f }) => `${s.kind} in ${f.slice(root.length)}`)));
    expect(leaks).toEqual([]);
    // The writes happened: the redaction markers are what is on disk.
    expect(written.filter(({ text }) => text.includes('[REDACTED:')).length).toBeGreaterThanOrEqual(4);
  }, 120_000);
});
