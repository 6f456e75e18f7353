import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileSemanticStore } from '@engram/hippocampus';

const repo = join(import.meta.dirname, '../..');
const writer = join(import.meta.dirname, 'store-writer.ts');
const root = mkdtempSync(join(tmpdir(), 'engram-hc-procs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PROCESSES = 4;
const PER_PROCESS = 150;

const run = (args: string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@engram/source', writer, ...args], { cwd: repo, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer ${args[1] ?? ''} exited ${code}: ${err}`))));
  });

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
