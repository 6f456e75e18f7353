/**
 * `engram memory show|list|context` on the files start from the memory-quick snapshot (bin/engram,
 * a heap of dist/bundle/memory-quick: no runtime, no zod), to meet issue 25's start-up target
 * (docs/cli-startup.md). What a user sees must not depend on it: each line below, run as the
 * `engram` command and through the launcher in the same folders, prints the same bytes on stdout
 * and stderr and exits the same, including the lines the quick path hands to the launcher.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ENGRAM } from './run-cli.js';

let root = '';
let home = '';
let project = '';

const run = (command: readonly string[], args: readonly string[], env: NodeJS.ProcessEnv = {}) => {
  const [file = '', ...pre] = command;
  const r = spawnSync(file, [...pre, ...args], { encoding: 'utf8', cwd: project, timeout: 60_000, env: { ...process.env, ENGRAM_HOME: home, NODE_OPTIONS: '', ENGRAM_BUNDLE: '', ENGRAM_STORE: '', ENGRAM_EMBEDDER_URL: '', ENGRAM_MEMORY_MODE: '', ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const viaEngram = (args: readonly string[], env?: NodeJS.ProcessEnv) => run([ENGRAM], args, env);
const viaLauncher = (args: readonly string[], env?: NodeJS.ProcessEnv) => run([process.execPath, BIN], args, env);
const explain = (args: readonly string[], env?: NodeJS.ProcessEnv) => viaEngram(['--explain-start', ...args], env).stdout.split('\n')[0] ?? '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'engram-quick-memory-e2e-'));
  home = join(root, 'home');
  project = join(root, 'project');
  mkdirSync(project);
  for (const args of [
    ['Always run the tests before committing', '--kind', 'always'],
    ['When a CSV fails to parse, try a semicolon separator', '--kind', 'when', '--scope', 'global'],
    ['The staging database is read-only on Fridays'],
    ['Prefers short answers', '--kind', 'profile', '--scope', 'global'],
  ])
    expect(viaLauncher(['memory', 'add', ...args]).status).toBe(0);
  // A linked memory file is refused and named on stderr.
  writeFileSync(join(root, 'elsewhere.md'), '- a lesson from elsewhere\n');
  symlinkSync(join(root, 'elsewhere.md'), join(home, 'memory', 'lessons.md'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('engram memory show|list|context (the memory-quick snapshot)', () => {
  it('prints and exits as the launcher does, for the lines it answers and those it hands over', () => {
    const answered = [
      ['memory', 'show'],
      ['memory', 'list', '--json'],
      ['memory', 'show', '--scope=global'],
      ['memory', 'show', '--scope', 'project', '--json', '--home', home, '--project', project],
      ['memory', 'context'],
      ['memory', 'context', '--message', 'the CSV will not parse'],
      ['memory', 'context', '--message=', '--json'],
    ];
    const handedOver = [
      ['memory', 'show', '--scope', 'everywhere'],
      ['memory', 'show', '--help'],
      ['memory', 'show', '--json', '--json'],
      ['memory', 'show', '--tenant', 'acme'],
      ['memory', 'context', '--message', '-x'],
      ['memory', 'show', 'extra'],
    ];
    for (const args of [...answered, ...handedOver]) {
      expect(explain(args), args.join(' ')).toMatch(/^snapshot: .*memory-quick\.blob/);
      const quick = viaEngram(args);
      expect(quick, args.join(' ')).toEqual(viaLauncher(args));
      expect(quick.stdout + quick.stderr, args.join(' ')).not.toMatch(/^\s+at /m);
    }
    const shown = viaEngram(['memory', 'show']);
    expect(shown.stdout).toContain('Always run the tests before committing');
    expect(shown.stderr).toBe('');
    expect(viaEngram(['memory', 'context']).stderr).toContain('symbolic link');
    expect(viaEngram(['memory', 'show', '--scope', 'everywhere']).status).toBe(2);
    // A setting the full CLI refuses is refused the same way.
    for (const bad of [{ ENGRAM_MEMORY_MODE: 'copilto' }, { ENGRAM_ACC_MODE: 'loud' }]) {
      expect(viaEngram(['memory', 'show'], bad)).toEqual(viaLauncher(['memory', 'show'], bad));
      expect(viaEngram(['memory', 'show'], bad).status).toBe(2);
    }
  }, 120_000);

  it('leaves the store and the embedder to the full CLI', () => {
    expect(explain(['memory', 'show', '--store', 'postgres://u@127.0.0.1:1/db'])).toMatch(/^snapshot: .*memory-show\.blob/);
    expect(explain(['memory', 'list'], { ENGRAM_STORE: 'postgres://u@127.0.0.1:1/db' })).toMatch(/^snapshot: .*memory-show\.blob/);
    expect(explain(['memory', 'context'], { ENGRAM_EMBEDDER_URL: 'http://127.0.0.1:1/v1' })).toMatch(/^snapshot: .*memory-context\.blob/);
    expect(explain(['memory', 'add', 'x'])).toMatch(/^snapshot: .*memory-add\.blob/);
  });

  it('ends quietly when the reader leaves, and says so in one line when the output cannot be written', () => {
    const sh = (line: string) => spawnSync('/bin/sh', ['-c', line], { encoding: 'utf8', cwd: project, env: { ...process.env, ENGRAM_HOME: home } });
    const head = sh(`${ENGRAM} memory show | head -1`);
    expect({ status: head.status, stdout: head.stdout, stderr: head.stderr }).toEqual({ status: 0, stdout: `global (${join(home, 'memory')})\n`, stderr: '' });
    const full = sh(`${ENGRAM} memory show > /dev/full`);
    expect({ status: full.status, stderr: full.stderr }).toEqual({ status: 1, stderr: 'engram: could not write the output: ENOSPC: no space left on device, write\n' });
  });
});
