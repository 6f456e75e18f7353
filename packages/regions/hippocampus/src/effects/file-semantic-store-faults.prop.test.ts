import { faultyFsPort, isFsError } from '@engram/fs';
import { manualClock } from '@engram/kernel';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSemanticStore } from './file-semantic-store.js';

/** Issue 11: a full disk and a linked file, seen through the semantic store. */
let root: string;
let dir: string;
const clock = manualClock('2026-11-22T03:15:00.000Z');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'engram-hc-faults-'));
  dir = join(root, 'memory');
  mkdirSync(dir);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const RULES = `# Rules\n\n## Always\n${Array.from({ length: 50 }, (_, i) => `- Always check input ${i} against the schema.\n`).join('')}`;

describe('FileSemanticStore under write faults', () => {
  it('for any failure point in a rule rewrite: the encode throws the FsError and rules.md keeps every rule, or it succeeds and holds the new rule too', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 4096 }), fc.constantFrom('ENOSPC', 'EDQUOT', 'EIO'), async (failWriteAt, maxBytesPerWrite, writeError) => {
        writeFileSync(join(dir, 'rules.md'), RULES);
        const s = new FileSemanticStore({ dir, scope: 'global', clock, port: faultyFsPort({ failWriteAt, maxBytesPerWrite, writeError }) });
        let failed: unknown = null;
        try {
          await s.encodeRule('Write the test before the fix', 'always');
        } catch (err) {
          failed = err;
        }
        const now = readFileSync(join(dir, 'rules.md'), 'utf8');
        if (failed === null) {
          expect(now.startsWith(RULES.trimEnd())).toBe(true);
          expect(now).toContain('Write the test before the fix');
        } else {
          expect(isFsError(failed)).toBe(true);
          expect((failed as Error).message).toContain(writeError);
          expect(now).toBe(RULES);
        }
        expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('a lesson append that hits ENOSPC half way leaves lessons.md as it was: no lesson cut at a page boundary', async () => {
    const s0 = new FileSemanticStore({ dir, scope: 'global', clock });
    await s0.encodeLesson('the first lesson');
    const before = readFileSync(join(dir, 'lessons.md'), 'utf8');
    const s = new FileSemanticStore({ dir, scope: 'global', clock, port: faultyFsPort({ maxBytesPerWrite: 16, failWriteAt: 3 }) });
    await expect(s.encodeLesson(`a long lesson ${'x'.repeat(200)}`)).rejects.toThrow(/ENOSPC.*nothing was appended/);
    expect(readFileSync(join(dir, 'lessons.md'), 'utf8')).toBe(before);
  });
});

describe('FileSemanticStore and links', () => {
  it('a linked lessons.md is reported, read as nothing, and never written through', async () => {
    const outside = join(root, 'outside.md');
    writeFileSync(outside, '# Lessons\n\n- OUTSIDE\n');
    symlinkSync(outside, join(dir, 'lessons.md'));
    const s = new FileSemanticStore({ dir, scope: 'global', clock });
    const snap = await s.read();
    expect(snap.lessons).toEqual([]);
    expect(snap.diagnostics.map((d) => d.message).join('\n')).toContain(`${join(dir, 'lessons.md')}: is a symbolic link`);
    await expect(s.encodeLesson('new lesson')).rejects.toThrow(/lessons\.md: is a symbolic link/);
    expect(readFileSync(outside, 'utf8')).toBe('# Lessons\n\n- OUTSIDE\n');
  });
});
