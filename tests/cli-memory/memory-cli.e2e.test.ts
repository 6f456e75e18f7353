import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'apps/cli/bin/engram.js');

/** Runs the built CLI with only the environment given (no real home or key leaks in). */
const run = (entry: string, args: readonly string[], env: Record<string, string> = {}) => {
  const r = spawnSync(process.execPath, [entry, ...args], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', ...env }, cwd: ROOT, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

const built = existsSync(join(ROOT, 'apps/cli/dist/commands/memory-command.js'));
if (!built && process.env['CI'] === 'true') throw new Error('tests/cli-memory: the CLI is not built; npm test builds it before the e2e suites');
if (!built) console.warn('tests/cli-memory: the CLI is not built (npm test builds it); e2e skipped');
const engram = (args: readonly string[], env: Record<string, string> = {}) => run(BIN, args, env);

let dir: string;
let roots: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-memory-e2e-'));
  roots = ['--home', join(dir, 'home'), '--project', join(dir, 'proj')];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!built)('engram memory (built CLI)', () => {
  it('adds, shows, edits, removes and prints the prompt block', () => {
    expect(engram(['memory', 'add', '--kind', 'always', '--scope', 'global', 'Always pin versions', ...roots]).status).toBe(0);
    expect(engram(['memory', 'add', 'The CSV uses semicolons', ...roots]).stdout).toMatch(/^added /);
    const shown = JSON.parse(engram(['memory', 'show', '--json', ...roots]).stdout) as { global: { rules: { id: string; text: string }[] }; project: { lessons: { text: string }[] } };
    expect(shown.global.rules.map((e) => e.text)).toEqual(['Always pin versions']);
    expect(shown.project.lessons.map((e) => e.text)).toEqual(['The CSV uses semicolons']);
    const ctx = engram(['memory', 'context', ...roots]);
    expect(ctx.stdout).toContain('## Your Memory \u2014 Global Rules\n## Always\n- Always pin versions');
    expect(ctx.stdout).toContain('## Your Memory \u2014 Project Lessons\n# Lessons\n- The CSV uses semicolons');
    expect(engram(['memory', 'edit', 'The CSV uses semicolons', 'The CSV uses tabs', ...roots]).stdout).toMatch(/^updated /);
    expect(engram(['memory', 'remove', 'Always pin versions', ...roots]).stdout).toMatch(/^removed /);
    expect(engram(['memory', 'context', '--json', ...roots]).stdout).not.toContain('pin versions');
  });

  it('rejects bad usage and an unknown memory mode with exit 2', () => {
    expect(engram(['memory', 'add', '--kind', 'bogus', 'x', ...roots]).status).toBe(2);
    expect(engram(['memory', 'show', '--scope', 'everywhere', ...roots]).status).toBe(2);
    const r = engram(['memory', 'show', ...roots], { ENGRAM_MEMORY_MODE: 'copilto' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('ENGRAM_MEMORY_MODE="copilto" is not allowed: use one of autopilot, copilot, off');
    expect(engram(['memory', 'remove', 'nothing like this', ...roots]).status).toBe(2);
  });

  it('serves the pending queue headlessly', () => {
    expect(engram(['memory', 'pending', 'list', ...roots]).stdout).toBe('nothing pending\n');
    expect(engram(['memory', 'pending', 'accept', 'p-none', ...roots]).status).toBe(1);
    expect(engram(['memory', 'pending', 'reject', ...roots]).status).toBe(2);
  });
});
