import { mkdirSync, mkdtempSync, rmdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withLock } from './with-lock.js';

/**
 * Why: a lock is first tried once, and the retry schedule is only built when that try finds the
 * lock held (building it up front cost more than the lock). A held lock must still be waited for,
 * and a lock with no retries left must still fail as before.
 */
describe('withLock', () => {
  it('given a lock another holder has, when taken with retries, then it waits for the release and runs', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'engram-lock-')), 'data.json');
    mkdirSync(`${file}.lock`);
    const released = new Promise<void>((res) =>
      setTimeout(() => {
        rmdirSync(`${file}.lock`);
        res();
      }, 150),
    );
    let ranAt = 0;
    const t0 = Date.now();
    await withLock(file, { retries: 200, minTimeoutMs: 5, maxTimeoutMs: 20 }, () => {
      ranAt = Date.now() - t0;
    });
    await released;
    expect(ranAt).toBeGreaterThanOrEqual(140);
  });

  it('given a lock another holder keeps, when taken with no retries, then it fails naming the lock', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'engram-lock-')), 'data.json');
    mkdirSync(`${file}.lock`);
    await expect(withLock(file, { retries: 0 }, () => 'ran')).rejects.toThrow(/data\.json\.lock/);
    rmdirSync(`${file}.lock`);
    await expect(withLock(file, { retries: 0 }, () => 'ran')).resolves.toBe('ran');
  });
});
