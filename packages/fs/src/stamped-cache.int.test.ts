import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStamp, StampedCache } from './stamped-cache.js';

// Why: the stores trust this cache on every hook call, so a change by another process (a rename
// with the same size and time) must never be served from the cache, and a failed load must not stick.
describe('StampedCache over real files', () => {
  const dirs: string[] = [];
  const fresh = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'engram-stamp-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('given an unchanged file, when read twice, then it loads once', () => {
    const file = join(fresh(), 'a.json');
    writeFileSync(file, '1');
    const cache = new StampedCache<number>([file]);
    let loads = 0;
    const load = (): number => ++loads;
    expect(cache.read(load)).toBe(1);
    expect(cache.read(load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('given a file replaced by rename, when read, then it loads again', () => {
    const dir = fresh();
    const file = join(dir, 'a.json');
    writeFileSync(file, '1');
    const cache = new StampedCache<number>([file]);
    let loads = 0;
    cache.read(() => ++loads);
    writeFileSync(join(dir, 'tmp'), '2');
    renameSync(join(dir, 'tmp'), file);
    expect(cache.read(() => ++loads)).toBe(2);
  });

  it('given a load that throws, when read again, then it loads again', () => {
    const file = join(fresh(), 'missing.json');
    const cache = new StampedCache<number>([file]);
    expect(() => cache.read(() => { throw new Error('bad'); })).toThrow('bad');
    expect(cache.read(() => 7)).toBe(7);
    expect(fileStamp(file)).toBe('-');
  });
});
