// `engram --version` as the `engram` command starts it: the version of the package the command
// belongs to, printed by a bare Node (bin/engram) with nothing of engram loaded, from any folder,
// quietly nothing when there is no output to print to, and a failure when the write fails.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ENGRAM, ROOT } from './run-cli.js';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'apps/cli/package.json'), 'utf8')) as { version: string }).version;

describe('engram --version', () => {
  it('prints the package version, by an absolute or a relative path, as -V too', () => {
    for (const [command, cwd] of [
      [ENGRAM, '/'],
      [`./${relative(ROOT, ENGRAM)}`, ROOT],
    ] as const)
      for (const flag of ['--version', '-V']) {
        const r = spawnSync(command, [flag], { cwd, encoding: 'utf8' });
        expect([r.status, r.stdout, r.stderr]).toEqual([0, `${VERSION}\n`, '']);
      }
    expect(spawnSync(ENGRAM, ['--explain-start', '--version'], { encoding: 'utf8' }).stdout).toMatch(/^version: .*\/bin\/print-version\.cjs\n/);
  });

  it('says nothing and exits 0 with its output closed; a full device is exit 1 and one line, from the launcher too', () => {
    const r = spawnSync('sh', ['-c', `"${ENGRAM}" --version >&-`], { encoding: 'utf8' });
    expect([r.status, r.stderr]).toEqual([0, '']);
    for (const command of [`"${ENGRAM}"`, `node "${BIN}"`]) {
      const full = spawnSync('sh', ['-c', `${command} --version > /dev/full`], { encoding: 'utf8' });
      expect([full.status, full.stderr]).toEqual([1, 'engram: could not write the version: ENOSPC: no space left on device, write\n']);
    }
  });

  it('leaves a longer command line to the launcher: --version --help is commander\'s', () => {
    const r = spawnSync(ENGRAM, ['--version', '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(VERSION);
  });
});
