import { HOOK_NAMES } from '@engram/claude-code';
import { resolveEngramHome } from '@engram/fs';
import { describe, expect, it } from 'vitest';
import { HOOK_COMMANDS, isForwardedEnv } from './protocol-version.js';
import { resolveHome, servePaths } from './serve-paths.js';

describe('what the hook client repeats so it loads nothing of engram', () => {
  it('resolves the home as @engram/fs does', () => {
    const cases: [string | undefined, Record<string, string>, string][] = [
      [undefined, {}, '/w'],
      [undefined, { ENGRAM_HOME: '' }, '/w'],
      [undefined, { ENGRAM_HOME: 'rel/home' }, '/w'],
      ['flag', { ENGRAM_HOME: '/abs' }, '/w'],
      [undefined, { ENGRAM_HOME: '/abs/home' }, '/w'],
    ];
    for (const [flag, env, cwd] of cases) expect(resolveHome(flag, env, cwd)).toBe(resolveEngramHome(flag, env, cwd));
  });

  it('knows the hook names @engram/claude-code handles', () => {
    expect([...HOOK_COMMANDS]).toEqual([...HOOK_NAMES]);
  });

  it('forwards the hook settings only, and keeps the service files under <home>/run', () => {
    expect(['ENGRAM_HOME', 'ENGRAM_ACC_MODE', 'CLAUDE_PROJECT_DIR', 'PATH', 'ANTHROPIC_API_KEY'].filter(isForwardedEnv)).toEqual(['ENGRAM_HOME', 'ENGRAM_ACC_MODE', 'CLAUDE_PROJECT_DIR']);
    expect(servePaths('/h')).toMatchObject({ socket: '/h/run/engram.sock', pidFile: '/h/run/serve.pid', logFile: '/h/run/serve.log' });
  });
});
