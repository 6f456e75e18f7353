import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faultyFsPort } from './faulty-fs-port.js';
import { FsError } from './fs-error.js';
import { writeFileAtomic } from './write-file-atomic.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'engram-fs-'));
const modeOf = (p: string) => statSync(p).mode & 0o777;

describe('writeFileAtomic', () => {
  it('creates a private file in private folders, and replaces a loose one with a private one', () => {
    const root = fresh();
    const file = join(root, 'memory', 'rules.md');
    writeFileAtomic(file, 'one', { root });
    expect(readFileSync(file, 'utf8')).toBe('one');
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(join(root, 'memory'))).toBe(0o700);
    chmodSync(file, 0o644);
    writeFileAtomic(file, 'two', { root });
    expect(modeOf(file)).toBe(0o600);
  });

  it('keeps the BOM of a hand-edited file it rewrites', () => {
    const root = fresh();
    const file = join(root, 'lessons.md');
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# Lessons\n')]));
    writeFileAtomic(file, '# Lessons\n- new\n', { root });
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('# Lessons\n- new\n');
  });

  it('refuses a target that is a symlink and leaves the link target alone', () => {
    const root = fresh();
    const outside = join(fresh(), 'victim.md');
    writeFileSync(outside, 'theirs');
    symlinkSync(outside, join(root, 'rules.md'));
    expect(() => writeFileAtomic(join(root, 'rules.md'), 'mine', { root })).toThrow(/rules\.md: is a symbolic link/);
    expect(readFileSync(outside, 'utf8')).toBe('theirs');
  });

  it('refuses a path under a linked folder, naming the link', () => {
    const root = fresh();
    const elsewhere = fresh();
    symlinkSync(elsewhere, join(root, 'memory'));
    const err = (() => {
      try {
        writeFileAtomic(join(root, 'memory', 'rules.md'), 'x', { root });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(FsError);
    expect((err as FsError).reason).toBe('symlink');
    expect((err as FsError)._tag).toBe('FsError');
    expect((err as FsError).path).toBe(join(root, 'memory'));
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('refuses a path outside its root', () => {
    const root = fresh();
    expect(() => writeFileAtomic(join(root, '..', 'escape.md'), 'x', { root })).toThrow(/is outside/);
  });

  it('on ENOSPC half way: the original is intact, no temp is left, the error names path and errno', () => {
    const root = fresh();
    const file = join(root, 'rules.md');
    writeFileSync(file, 'old content');
    const port = faultyFsPort({ maxBytesPerWrite: 4, failWriteAt: 2 });
    let caught: unknown = null;
    try {
      writeFileAtomic(file, 'new content that is longer', { root, port });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(FsError);
    expect((caught as FsError).reason).toBe('no-space');
    expect((caught as FsError).errno).toBe('ENOSPC');
    expect((caught as Error).message).toContain(file);
    expect((caught as Error).message).toContain('the file is unchanged');
    expect(readFileSync(file, 'utf8')).toBe('old content');
    expect(readdirSync(root)).toEqual(['rules.md']);
  });

  it('a write the system stops accepting (0 bytes) fails instead of spinning or truncating', () => {
    const root = fresh();
    const file = join(root, 'rules.md');
    writeFileSync(file, 'old');
    expect(() => writeFileAtomic(file, 'new', { root, port: faultyFsPort({ zeroWriteAt: 1 }) })).toThrow(/accepted 0 of 3 bytes/);
    expect(readFileSync(file, 'utf8')).toBe('old');
  });

  it('a refusal from beforeCommit passes through unchanged and writes nothing', () => {
    const root = fresh();
    mkdirSync(join(root, 'd'));
    const file = join(root, 'd', 'f');
    writeFileSync(file, 'old');
    expect(() =>
      writeFileAtomic(file, 'new', {
        root,
        beforeCommit: () => {
          throw new Error('lock lost');
        },
      }),
    ).toThrow('lock lost');
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(join(root, 'd'))).toEqual(['f']);
  });
});
