import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileSemanticStore, parseMemoryFile, documentEntries } from '@engram/hippocampus';

const repo = join(import.meta.dirname, '../..');
const writer = join(import.meta.dirname, 'store-writer.ts');
const root = mkdtempSync(join(tmpdir(), 'engram-hc-kill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Rules already in the file, so each rewrite takes long enough for a kill to land inside one. */
const PREFILL = 3000;
const ROUNDS = 3;

/** Starts a writer that rewrites rules.md forever, kills it with SIGKILL after it has done `writes` more, returns the last n it reported. */
const killAfter = (dir: string, from: number, writes: number): Promise<number> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@engram/source', writer, dir, '7', String(from), 'forever'], { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
    let last = from - 1;
    let buffer = '';
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const l of lines) last = Number(l);
      if (last >= from + writes - 1 && child.exitCode === null) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', () => resolve(last));
  });

describe('a writer killed with SIGKILL mid-rewrite', () => {
  it('leaves the old or the new file, never a broken one, and the next writer carries on', async () => {
    const dir = join(root, 'memory');
    const store = new FileSemanticStore({ dir, scope: 'global' });
    await store.encode(Array.from({ length: PREFILL }, (_, i) => ({ text: `prefill ${i}`, kind: 'always' as const })));
    let from = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const reported = await killAfter(dir, from, 5 + round * 7);
      const text = readFileSync(join(dir, 'rules.md'), 'utf8');
      const doc = parseMemoryFile('rules', 'global', text);
      expect(doc.lines.flatMap((l) => l.notes)).toEqual([]);
      expect(text.endsWith('\n')).toBe(true);
      const written = documentEntries(doc)
        .map((e) => e.text)
        .filter((t) => t.startsWith('rule 7-'));
      // Every rule the writer confirmed is there, at most one more (killed after rename, before printing), in order.
      const expected = Array.from({ length: reported + 1 }, (_, n) => `rule 7-${n}`);
      expect(written.slice(0, expected.length)).toEqual(expected);
      expect(written.length - expected.length).toBeLessThanOrEqual(1);
      expect(documentEntries(doc).filter((e) => e.text.startsWith('prefill'))).toHaveLength(PREFILL);
      from = written.length;
    }
    // The next writer took the dead one's lock over and swept its temp files.
    await new FileSemanticStore({ dir, scope: 'global', lock: { staleMs: 2000 } }).encodeRule('after the kills', 'never');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect((await new FileSemanticStore({ dir, scope: 'global' }).read()).rules.map((r) => r.text)).toContain('after the kills');
  });
});
