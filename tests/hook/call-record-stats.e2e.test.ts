import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/run-cli.js';
import { hookRunner } from './hook-runner.js';

/**
 * Why (issue 24): the project's record of calls decides every warning before a call, so a person
 * must be able to see it: `engram memory stats` (and `--json`) says how many call patterns the
 * record holds and which fail most, with their latest error line. The record is made here as a
 * session makes it, through the built CLI's hooks (a build that fails on a missing tool, twice,
 * and a listing that works).
 */
/** A hang guard for eleven CLI processes in a row: 53 s in a clean-clone run at full load, past the 60 s default at a load of 14. */
const ELEVEN_PROCESSES_MS = 300_000;

describe('the call record in `engram memory stats` (built CLI, recorded payloads)', () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-call-record-stats-'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  const hook = hookRunner(project, home);

  beforeAll(() => {
    if (!existsSync(join(ROOT, 'apps/cli/dist/main.js'))) throw new Error('the CLI is not built: run node_modules/.bin/tsc -b tsconfig.build.json');
    mkdirSync(project, { recursive: true });
  });

  it('given two failed builds and a listing recorded through the hooks, when `memory stats` runs, then it shows the patterns and the failing one with its error line (text and JSON)', { timeout: ELEVEN_PROCESSES_MS }, () => {
    const session = { session_id: '33333333-aaaa-4bbb-8ccc-000000000003' };
    hook('session-start', 'session-start', session);
    hook('user-prompt-submit', 'user-prompt-submit', session);
    for (const id of ['toolu_b1', 'toolu_b2']) {
      hook('pre-tool-use', 'pre-tool-use-bash', { ...session, tool_use_id: id });
      hook('post-tool-use', 'post-tool-use-failure-bash', { ...session, tool_use_id: id });
    }
    const ls = { command: 'ls src' };
    hook('pre-tool-use', 'pre-tool-use-bash', { ...session, tool_use_id: 'toolu_l1', tool_input: ls });
    hook('post-tool-use', 'post-tool-use-read', { ...session, tool_name: 'Bash', tool_use_id: 'toolu_l1', tool_input: ls, tool_response: { stdout: 'index.ts', stderr: '', interrupted: false, isImage: false } });
    hook('stop', 'stop', session);

    const text = runCli(['memory', 'stats', '--home', home, '--project', project]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('call record              2 call patterns, 2 failures in 3 calls');
    expect(text.stdout).toContain('  failed 2 of 2: `Bash npm run` "sh: 1: tsc: not found"');
    expect(text.stdout).not.toContain('`Bash ls`');

    const json = runCli(['memory', 'stats', '--home', home, '--project', project, '--json']);
    expect(json.status).toBe(0);
    const parsed = JSON.parse(json.stdout) as { callRecord: { patterns: number; calls: number; fails: number; top: { pattern: string; runs: number; fails: number; line: string }[] } };
    expect(parsed.callRecord).toEqual({ patterns: 2, calls: 3, fails: 2, top: [{ pattern: 'Bash npm run', runs: 2, fails: 2, line: 'sh: 1: tsc: not found' }] });
  });
});
