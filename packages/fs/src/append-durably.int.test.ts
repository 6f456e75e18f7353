import { chmodSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendDurably } from './append-durably.js';
import { faultyFsPort } from './faulty-fs-port.js';
import type { FsError } from './fs-error.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'engram-fs-'));

describe('appendDurably', () => {
  it('appends, creating the file 0600, and makes an existing 0644 file 0600', () => {
    const root = fresh();
    const file = join(root, 'lessons.md');
    appendDurably(file, 'a\n', { root });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o644);
    const { before, after } = appendDurably(file, 'b\n', { root, sync: true });
    expect(readFileSync(file, 'utf8')).toBe('a\nb\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(after.size - before.size).toBe(2);
  });

  it('on ENOSPC after part of the line was written, cuts the file back: no partial line remains', () => {
    const root = fresh();
    const file = join(root, 'lessons.md');
    writeFileSync(file, '- kept\n');
    const port = faultyFsPort({ maxBytesPerWrite: 3, failWriteAt: 3 });
    let caught: unknown = null;
    try {
      appendDurably(file, '- a lesson that will not fit\n', { root, port });
    } catch (e) {
      caught = e;
    }
    expect((caught as FsError).reason).toBe('no-space');
    expect((caught as Error).message).toMatch(/ENOSPC.*nothing was appended/);
    expect(readFileSync(file, 'utf8')).toBe('- kept\n');
  });

  it('a failed fdatasync also undoes the append (nothing unacknowledged stays)', () => {
    const root = fresh();
    const file = join(root, 'l.md');
    writeFileSync(file, 'x\n');
    expect(() => appendDurably(file, 'y\n', { root, sync: true, port: faultyFsPort({ failFsyncAt: 1 }) })).toThrow(/EIO/);
    expect(readFileSync(file, 'utf8')).toBe('x\n');
  });

  it('refuses to append through a linked file, leaving its target untouched', () => {
    const root = fresh();
    const target = join(fresh(), 'outside.md');
    writeFileSync(target, 'outside\n');
    symlinkSync(target, join(root, 'lessons.md'));
    expect(() => appendDurably(join(root, 'lessons.md'), 'leak\n', { root })).toThrow(/lessons\.md: is a symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('outside\n');
    expect(readdirSync(root)).toEqual(['lessons.md']);
  });
});
