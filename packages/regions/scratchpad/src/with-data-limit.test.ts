import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PAD_MAX_PROCESSES, withDataLimit } from './with-data-limit.js';

describe('withDataLimit', () => {
  it('passes the command and its arguments through untouched, however they are quoted', () => {
    const { command, args } = withDataLimit('/bin/echo', ['a b', '$HOME', '"q"', "it's"], 64 * 1024 * 1024);
    const r = spawnSync(command, args, { encoding: 'utf8' });
    expect(r.stdout).toBe(`a b $HOME "q" it's\n`);
  });

  it.skipIf(process.platform !== 'linux')('sets the soft and hard data limit the runtime sees', () => {
    const { command, args } = withDataLimit('/bin/sh', ['-c', 'ulimit -S -d; ulimit -H -d'], 300 * 1024 * 1024);
    expect(spawnSync(command, args, { encoding: 'utf8' }).stdout).toBe(`${300 * 1024}\n${300 * 1024}\n`);
  });

  it.skipIf(process.platform !== 'linux')('caps the processes the runtime may start (soft and hard), so a fork bomb in a cell is bounded', () => {
    const { command, args } = withDataLimit('/bin/sh', ['-c', 'cat /proc/self/limits'], 300 * 1024 * 1024);
    const line = spawnSync(command, args, { encoding: 'utf8' }).stdout.split('\n').find((l) => l.startsWith('Max processes')) ?? '';
    const [soft, hard] = line.replace('Max processes', '').trim().split(/\s+/).map(Number);
    expect(soft).toBeLessThanOrEqual(PAD_MAX_PROCESSES);
    expect(hard).toBeLessThanOrEqual(PAD_MAX_PROCESSES);
  });
});
