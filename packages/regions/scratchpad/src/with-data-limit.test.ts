import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { withDataLimit } from './with-data-limit.js';

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
});
