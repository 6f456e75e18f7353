import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendDurably } from './append-durably.js';
import { FsError } from './fs-error.js';
import { writeFileAtomic } from './write-file-atomic.js';

/** Small enough to fill in a test, big enough to hold the original file. */
const TMPFS_SIZE = '64k';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const mountPoint = mkdtempSync(join(tmpdir(), 'engram-tmpfs-'));
let mounted = false;
let why = isRoot ? '' : 'needs root to mount a tmpfs (run the tests as root to include it)';
if (isRoot) {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE},mode=0700`, 'tmpfs', mountPoint], { stdio: 'pipe' });
    mounted = true;
  } catch (err) {
    why = `mount -t tmpfs failed: ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}`;
  }
}
if (!mounted) console.warn(`skipping the real disk-full test: ${why}`);

describe.skipIf(!mounted)(`a real full disk (tmpfs of ${TMPFS_SIZE})`, () => {
  beforeAll(() => undefined);
  afterAll(() => {
    if (mounted) execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('a rewrite that does not fit fails with ENOSPC named and leaves the original intact', () => {
    const file = join(mountPoint, 'rules.md');
    const original = '- a rule\n'.repeat(2000); // 18 kB
    writeFileSync(file, original);
    let caught: unknown = null;
    try {
      writeFileAtomic(file, '- a longer rule that will not fit\n'.repeat(4000), { root: mountPoint }); // 136 kB
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FsError);
    expect((caught as FsError).errno).toBe('ENOSPC');
    expect((caught as Error).message).toContain(`${file}: no space left on the device (ENOSPC)`);
    expect(readFileSync(file, 'utf8')).toBe(original);
    expect(readdirSync(mountPoint)).toEqual(['rules.md']);
  });

  it('an append that does not fit fails with ENOSPC and leaves no partial line', () => {
    const file = join(mountPoint, 'lessons.md');
    const before = readFileSync(join(mountPoint, 'rules.md'), 'utf8').length;
    expect(before).toBeGreaterThan(0);
    writeFileSync(file, '- kept\n');
    expect(() => appendDurably(file, `- ${'x'.repeat(100_000)}\n`, { root: mountPoint })).toThrow(/ENOSPC.*nothing was appended/);
    expect(readFileSync(file, 'utf8')).toBe('- kept\n');
  });
});
