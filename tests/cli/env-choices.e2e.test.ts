import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENGRAM_ENV_CHOICES } from '@engram/kernel/env';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli } from './run-cli.js';

const roots = (): string[] => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-env-'));
  return ['--home', join(dir, 'home'), '--project', join(dir, 'project')];
};

/** Commands that read settings, one per area: each must refuse a bad variable before it starts. */
const COMMANDS: readonly (readonly string[])[] = [['memory', 'show'], ['instincts', 'list'], ['demo', '--json'], ['skills', 'list']];

describe('every enum-like ENGRAM_* variable (built CLI)', () => {
  it('is listed with its allowed values', () => {
    expect(Object.keys(ENGRAM_ENV_CHOICES).sort()).toEqual(['ENGRAM_ACC_MODE', 'ENGRAM_ALLOW_UNISOLATED', 'ENGRAM_AUTO_INSTINCTS', 'ENGRAM_BUNDLE', 'ENGRAM_EPISODIC_MEMORY', 'ENGRAM_MEMORY_MODE', 'ENGRAM_VALIDATE']);
  });

  it.each(Object.entries(ENGRAM_ENV_CHOICES))('%s: an unknown value exits 2 naming the variable and the allowed values, whatever the command', (variable, allowed) => {
    for (const command of COMMANDS) {
      const args = command[0] === 'demo' ? [...command, '--home', mkdtempSync(join(tmpdir(), 'engram-env-demo-'))] : [...command, ...roots()];
      const r = runCli(args, { [variable]: 'bogus' });
      expect(r.status, `${command.join(' ')} with ${variable}=bogus`).toBe(2);
      expect(r.stderr).toContain(`${variable}="bogus" is not allowed: use one of ${allowed.join(', ')}`);
    }
  });

  it.each(Object.entries(ENGRAM_ENV_CHOICES))('%s: an allowed value (any case, spaces) is accepted', (variable, allowed) => {
    const r = runCli(['memory', 'show', ...roots()], { [variable]: ` ${(allowed.at(-1) ?? '').toUpperCase()} ` });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('a hook is never blocked by a bad variable: it warns and lets the tool call through (exit 2 would block it)', () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-env-hook-'));
    const payload = JSON.stringify({ session_id: 'c1', hook_event_name: 'PreToolUse', cwd: home, tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'tu1' });
    const r = spawnSync(process.execPath, [BIN, 'hook', 'pre-tool-use', '--home', join(home, 'h'), '--project', home], { input: payload, encoding: 'utf8', cwd: ROOT, env: { ...process.env, ENGRAM_ACC_MODE: 'bogus' }, timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('ENGRAM_ACC_MODE="bogus" is not allowed');
  });
});
