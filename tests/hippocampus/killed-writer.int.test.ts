import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnTs } from '../support/ts-child.js';
import { FileSemanticStore, parseMemoryFile, documentEntries } from '@engram/hippocampus';

const writer = join(import.meta.dirname, 'store-writer.ts');
const root = mkdtempSync(join(tmpdir(), 'engram-hc-kill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Rules already in the file, so each rewrite (a regrouping, for rules past this size) takes long enough for a kill to land inside one. */
const PREFILL = 3000;
const ROUNDS = 3;

/** Starts a writer that encodes rules forever, kills it with SIGKILL after it has done `writes` more, returns the last n it reported. */
const killAfter = (dir: string, from: number, writes: number, kinds: 'always' | 'mixed' = 'always'): Promise<number> =>
  new Promise((resolve, reject) => {
    const child = spawnTs(writer, [dir, '7', String(from), 'forever', kinds], ['ignore', 'pipe', 'inherit']);
    let last = from - 1;
    let buffer = '';
    child.stdout?.on('data', (d: Buffer) => {
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

describe('a writer killed with SIGKILL while appending rules to several sections and regrouping them', () => {
  it('leaves every complete line, every confirmed rule, and a file the next writer carries on with', async () => {
    const dir = join(root, 'mixed');
    const store = new FileSemanticStore({ dir, scope: 'global' });
    await store.encode(Array.from({ length: PREFILL }, (_, i) => ({ text: `prefill ${i}`, kind: 'always' as const })));
    let from = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Enough writes per round that the kill can land in an append or in a regrouping rewrite (one per 64 repeated headings).
      const reported = await killAfter(dir, from, 40 + round * 53, 'mixed');
      const text = readFileSync(join(dir, 'rules.md'), 'utf8');
      const doc = parseMemoryFile('rules', 'global', text);
      expect(doc.lines.flatMap((l) => l.notes)).toEqual([]);
      expect(text.endsWith('\n')).toBe(true);
      const written = new Set(
        documentEntries(doc)
          .filter((e) => e.text.startsWith('rule 7-'))
          .map((e) => `${e.section ?? ''} ${e.text}`),
      );
      // Every rule the writer confirmed is there under its own section, at most one more.
      const kinds = ['always', 'never', 'when'];
      for (let n = 0; n <= reported; n++) expect(written).toContain(`${kinds[n % 3] ?? ''} rule 7-${n}`);
      expect(written.size - (reported + 1)).toBeLessThanOrEqual(1);
      expect(documentEntries(doc).filter((e) => e.text.startsWith('prefill'))).toHaveLength(PREFILL);
      from = written.size;
    }
    await new FileSemanticStore({ dir, scope: 'global', lock: { staleMs: 2000 } }).encodeRule('after the kills', 'never');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    const rules = (await new FileSemanticStore({ dir, scope: 'global' }).read()).rules;
    expect(rules.find((r) => r.text === 'after the kills')?.section).toBe('never');
    expect(rules.filter((r) => r.text.startsWith('rule 7-'))).toHaveLength(from);
  });
});
