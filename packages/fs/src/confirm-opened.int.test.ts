import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendDurably } from './append-durably.js';
import { nodeFsPort, type FsPort } from './fs-port.js';
import { makePrivateFile } from './make-private-file.js';
import { readContained } from './read-contained.js';
import { writeFileAtomic } from './write-file-atomic.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'engram-fs-race-'));

/**
 * A project whose `.engram/memory` folder is real when checked, and a link to a folder outside
 * when opened: the port swaps it on the first open, which is exactly the window between
 * `containedPath`'s lstat checks and the open (an attacker's `mv` + `ln -s` landing there).
 */
const raced = () => {
  const root = fresh();
  const memory = join(root, '.engram', 'memory');
  mkdirSync(memory, { recursive: true });
  writeFileSync(join(memory, 'lessons.md'), '- inside\n');
  const outside = fresh();
  writeFileSync(join(outside, 'lessons.md'), 'OUTSIDE LINE\n', { mode: 0o644 });
  let swapped = false;
  const port: FsPort = {
    ...nodeFsPort,
    open: (path, flags, mode) => {
      if (!swapped) {
        swapped = true;
        renameSync(memory, `${memory}.moved`);
        symlinkSync(outside, memory);
      }
      return nodeFsPort.open(path, flags, mode);
    },
  };
  return { root, file: join(memory, 'lessons.md'), outside, port };
};

const LINUX = process.platform === 'linux';

describe.skipIf(!LINUX)('a folder swapped for a link between the check and the open (Linux: /proc/self/fd; other platforms keep the window, see docs/fs.md)', () => {
  it('refuses a prompt read that the swap led outside, reading nothing', () => {
    const { root, file, port } = raced();
    expect(() => readContained(root, file, port)).toThrow(/swapped in after it was checked/);
  });

  it('refuses an append, leaving the file outside untouched', () => {
    const { root, file, outside, port } = raced();
    expect(() => appendDurably(file, '- appended\n', { root, port })).toThrow(/swapped in after it was checked/);
    expect(readFileSync(join(outside, 'lessons.md'), 'utf8')).toBe('OUTSIDE LINE\n');
  });

  it('refuses an atomic write, leaving the folder outside as it was', () => {
    const { root, file, outside, port } = raced();
    expect(() => writeFileAtomic(file, '- replaced\n', { root, port })).toThrow(/swapped in after it was checked/);
    expect(readFileSync(join(outside, 'lessons.md'), 'utf8')).toBe('OUTSIDE LINE\n');
    expect(readdirSync(outside)).toEqual(['lessons.md']);
  });

  it('refuses to make a file private through the swapped link, leaving its mode alone', () => {
    const { root, file, outside, port } = raced();
    expect(() => makePrivateFile(root, file, port)).toThrow(/swapped in after it was checked/);
    expect(statSync(join(outside, 'lessons.md')).mode & 0o777).toBe(0o644);
  });

  it('still reads a file replaced by a concurrent atomic write just after the open (/proc says "(deleted)")', () => {
    const root = fresh();
    const file = join(root, 'rules.md');
    writeFileSync(file, 'old\n');
    const port: FsPort = {
      ...nodeFsPort,
      open: (path, flags, mode) => {
        const fd = nodeFsPort.open(path, flags, mode);
        writeFileSync(join(root, 'next.md'), 'new\n');
        renameSync(join(root, 'next.md'), file);
        return fd;
      },
    };
    expect(readContained(root, file, port)?.toString()).toBe('old\n');
  });

  it('reads, appends and writes as before when nothing is swapped, under a root that is itself reached through a link', () => {
    const real = fresh();
    const via = join(fresh(), 'link-to-root');
    symlinkSync(real, via);
    const file = join(via, 'memory', 'lessons.md');
    writeFileAtomic(file, '- one\n', { root: via });
    appendDurably(file, '- two\n', { root: via });
    expect(readContained(via, file)?.toString()).toBe('- one\n- two\n');
    expect(makePrivateFile(via, file)).toBe(file);
  });
});
