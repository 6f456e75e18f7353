import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedPath, containedPath, isUnder } from './contain-path.js';
import { readContained } from './read-contained.js';
import { listContained, removeContained } from './remove-contained.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'engram-fs-'));

describe('containment', () => {
  it('accepts paths under the root, including ones that do not exist yet', () => {
    const root = fresh();
    expect(containedPath(root, join(root, 'a', 'b', 'c.md'))).toBe(join(root, 'a', 'b', 'c.md'));
    expect(isUnder(root, join(root, 'x'))).toBe(true);
    expect(isUnder(root, join(root, '..', 'x'))).toBe(false);
  });

  it('refuses .. escapes and absolute paths elsewhere', () => {
    const root = fresh();
    expect(() => containedPath(root, '../x')).toThrow(/outside/);
    expect(() => containedPath(root, '/etc/passwd')).toThrow(/outside/);
  });

  it('a linked .engram folder is refused when the project folder is the root', () => {
    const project = fresh();
    symlinkSync(fresh(), join(project, '.engram'));
    expect(() => containedPath(project, join(project, '.engram', 'memory', 'lessons.md'))).toThrow(`${join(project, '.engram')}: is a symbolic link`);
  });

  it('reads for the prompt do not follow a linked file', () => {
    const root = fresh();
    const secret = join(fresh(), 'secret.md');
    writeFileSync(secret, 'SECRET');
    symlinkSync(secret, join(root, 'lessons.md'));
    expect(() => readContained(root, join(root, 'lessons.md'))).toThrow(/symbolic link/);
    expect(readContained(root, join(root, 'missing.md'))).toBeNull();
  });

  it('deletes refuse linked files and folders and never reach their targets', () => {
    const root = fresh();
    const outside = fresh();
    writeFileSync(join(outside, 'a.jsonl'), '{}');
    symlinkSync(outside, join(root, 'events'));
    expect(() => listContained(root, join(root, 'events'))).toThrow(/events: is a symbolic link/);
    expect(() => removeContained(root, join(root, 'events', 'a.jsonl'))).toThrow(/symbolic link/);
    mkdirSync(join(root, 'real'));
    symlinkSync(join(outside, 'a.jsonl'), join(root, 'real', 'b.jsonl'));
    expect(() => removeContained(root, join(root, 'real', 'b.jsonl'))).toThrow(/b\.jsonl: is a symbolic link/);
    expect(readContained(outside, join(outside, 'a.jsonl'))?.toString()).toBe('{}');
  });
});

/**
 * Why: readers skip the open of a file the containment walk already found missing (a failed open
 * costs an exception, and hooks read absent config files on every call); the walk must say
 * "missing" only when a component really is absent, and still refuse links first.
 */
describe('checkedPath', () => {
  it('given a missing folder or file, when checked, then it is missing; given the file, it is not', () => {
    const root = fresh();
    mkdirSync(join(root, 'a'));
    expect(checkedPath(root, join(root, 'b', 'c.md'))).toEqual({ abs: join(root, 'b', 'c.md'), missing: true });
    expect(checkedPath(root, join(root, 'a', 'c.md')).missing).toBe(true);
    writeFileSync(join(root, 'a', 'c.md'), 'x');
    expect(checkedPath(root, join(root, 'a', 'c.md')).missing).toBe(false);
    expect(readContained(root, join(root, 'a', 'c.md'))?.toString()).toBe('x');
    expect(readContained(root, join(root, 'b', 'c.md'))).toBeNull();
  });

  it('given a link above a missing file, when checked, then the link is refused, not reported missing', () => {
    const root = fresh();
    symlinkSync(fresh(), join(root, 'a'));
    expect(() => checkedPath(root, join(root, 'a', 'none.md'))).toThrow(/symbolic link/);
  });
});
