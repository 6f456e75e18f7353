import { Cortex, PendingQueue, pendingPathFor } from '@engram/cortex';
import { FileSemanticStore } from '@engram/hippocampus';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMemoryAdd } from './run-memory-add.js';
import { runMemoryContext } from './run-memory-context.js';
import { runMemoryRemove } from './run-memory-edit.js';
import { runPendingAccept, runPendingList, runPendingReject } from './run-memory-pending.js';
import { runMemoryShow } from './run-memory-show.js';

/** The command implementations in-process, with real files (the e2e suite runs the built binary). */
let dir: string;
let roots: { home: string; project: string };
let out: string;
let err: string;
const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t) };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-memory-cmd-'));
  roots = { home: join(dir, 'home'), project: join(dir, 'proj') };
  out = '';
  err = '';
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Queues two proposals as a copilot session would. */
const queueTwo = async () => {
  const cortex = new Cortex({
    global: new FileSemanticStore({ dir: join(roots.home, 'memory'), scope: 'global' }),
    project: new FileSemanticStore({ dir: join(roots.project, '.engram', 'memory'), scope: 'project' }),
    mode: 'copilot',
    pending: new PendingQueue(pendingPathFor(join(roots.project, '.engram'))),
  });
  for (const text of ['first idea', 'second idea']) await cortex.propose({ engram: { text, kind: 'lesson', scope: 'project', confidence: 'medium', topic: null, source: 'consolidation' }, origin: 'cerebellum' });
};

describe('memory commands', () => {
  it('lists, accepts and rejects pending entries, then the prompt block shows the accepted one', async () => {
    await queueTwo();
    expect(await runPendingList(roots, io)).toBe(0);
    expect(out).toMatch(/^1\. p-\S+ {2}lesson\/project {2}first idea {2}\(from cerebellum\)\n2\. /);
    out = '';
    expect(await runPendingAccept(['1'], roots, io)).toBe(0);
    expect(out).toMatch(/^added first idea/);
    expect(await runPendingReject([], { ...roots, all: true }, io)).toBe(0);
    out = '';
    expect(await runMemoryContext(roots, io)).toBe(0);
    expect(out).toContain('- first idea <!--');
    expect(out).not.toContain('second idea');
    expect(out).toContain('--- scratchpad primer (0 tokens) ---\n(empty)');
  });

  it('context names a linked memory file it did not follow on stderr, and shows nothing of its target', async () => {
    const outside = join(dir, 'outside-rules.md');
    await writeFile(outside, '# Rules\n\n## Always\n- always read the outside file\n');
    await mkdir(join(roots.project, '.engram', 'memory'), { recursive: true });
    await symlink(outside, join(roots.project, '.engram', 'memory', 'rules.md'));
    expect(await runMemoryContext(roots, io)).toBe(0);
    expect(out).not.toContain('outside file');
    expect(err).toContain(`engram memory context: note: ${join(roots.project, '.engram', 'memory', 'rules.md')}`);
    expect(err).toContain('symbolic link');
  });

  it('scrubs secrets on add, and refuses ambiguous removal', async () => {
    expect(await runMemoryAdd('password=hunter2hunter2', { ...roots, kind: 'lesson', scope: 'global' }, io)).toBe(0);
    expect(await runMemoryAdd('same', { ...roots, scope: 'global' }, io)).toBe(0);
    expect(await runMemoryAdd('same', { ...roots, scope: 'project' }, io)).toBe(0);
    out = '';
    expect(await runMemoryShow({ ...roots, json: true }, io)).toBe(0);
    expect(out).toContain('password=[REDACTED:secret]');
    expect(out).not.toContain('hunter2');
    expect(await runMemoryRemove('same', roots, io)).toBe(2);
    expect(err).toContain('2 entries match "same"');
    expect(await runMemoryRemove('same', { ...roots, scope: 'project' }, io)).toBe(0);
  });
});
