import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTs } from '../support/ts-child.js';
import { FileSemanticStore } from '@engram/hippocampus';

const writer = join(import.meta.dirname, 'store-writer.ts');
const root = mkdtempSync(join(tmpdir(), 'engram-hc-procs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PROCESSES = 4;
const PER_PROCESS = 150;

const run = (args: string[]): Promise<void> => runTs(writer, args);

describe('several processes writing one store', () => {
  it(`${PROCESSES} processes x ${PER_PROCESS} lessons (and a rule every 5) lose nothing`, async () => {
    const dir = join(root, 'memory');
    await Promise.all(Array.from({ length: PROCESSES }, (_, p) => run([dir, String(p), String(PER_PROCESS)])));
    const snap = await new FileSemanticStore({ dir, scope: 'global' }).read();
    expect(snap.diagnostics).toEqual([]);
    expect(snap.lessons).toHaveLength(PROCESSES * PER_PROCESS);
    expect(snap.rules).toHaveLength(PROCESSES * (PER_PROCESS / 5));
    for (let p = 0; p < PROCESSES; p++) {
      const mine = snap.lessons.filter((l) => l.topic === `p${p}`).map((l) => l.text);
      // Each process's own lessons appear in the order it wrote them.
      expect(mine).toEqual(Array.from({ length: PER_PROCESS }, (_, i) => `lesson from ${p} number ${i}`));
    }
    expect(new Set([...snap.lessons, ...snap.rules].map((e) => e.id)).size).toBe(PROCESSES * PER_PROCESS * 1.2);
    // No lock or temp file is left behind.
    expect(readdirSync(dir).sort()).toEqual(['lessons.md', 'rules.md']);
  });
});
