import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import type { HookName } from './hook-payload.js';
import { runHook } from './run-hook.js';
import { SESSION_MAP } from './effects/session-map.js';

/**
 * Issue 13's sequence, as Claude Code sends it: three identical failing Bash calls, a fourth
 * identical one, then `echo recovered`. The breaker is keyed on what failed, so the fourth is
 * denied with engram's advice and the shell stays usable for other commands.
 */
describe('the circuit breaker through the Claude Code hooks (issue 13 sequence)', () => {
  it('denies the fourth identical failing Bash command with advice, then allows echo recovered', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-hook-breaker-'));
    const project = join(root, 'project');
    mkdirSync(project, { recursive: true });
    const env = { ENGRAM_HOME: join(root, 'home'), ENGRAM_MEMORY_MODE: 'autopilot', ENGRAM_ACC_MODE: 'active' };
    const warnings: string[] = [];
    const hook = (name: HookName, payload: object) => runHook(name, { session_id: 'claude-breaker', cwd: project, ...payload }, { env, warn: (m) => void warnings.push(m) });
    const bash = (id: string, command: string, description: string) => ({ tool_name: 'Bash', tool_input: { command, description }, tool_use_id: id });

    await hook('session-start', { hook_event_name: 'SessionStart', source: 'startup' });
    await hook('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'build it' });
    const pre: (Record<string, unknown> | undefined)[] = [];
    for (const i of [1, 2, 3]) {
      // The model rewrites the description on each retry; the command is the same.
      pre.push((await hook('pre-tool-use', { hook_event_name: 'PreToolUse', ...bash(`toolu_${i}`, 'npm run build', `Build the project (try ${i})`) }))?.hookSpecificOutput);
      await hook('post-tool-use', { hook_event_name: 'PostToolUseFailure', ...bash(`toolu_${i}`, 'npm run build', `Build the project (try ${i})`), error: 'Exit code 127\nsh: 1: tsc: not found' });
    }
    const fourth = (await hook('pre-tool-use', { hook_event_name: 'PreToolUse', ...bash('toolu_4', 'npm run build', 'Build again') }))?.hookSpecificOutput;
    const recovered = (await hook('pre-tool-use', { hook_event_name: 'PreToolUse', ...bash('toolu_5', 'echo recovered', 'Check the shell') }))?.hookSpecificOutput;
    await hook('post-tool-use', { hook_event_name: 'PostToolUse', ...bash('toolu_5', 'echo recovered', 'Check the shell'), tool_response: { stdout: 'recovered', stderr: '', interrupted: false } });

    expect(warnings).toEqual([]);
    expect(pre.map((o) => o?.['permissionDecision'])).toEqual([undefined, undefined, undefined]);
    expect(pre[2]?.['additionalContext']).toMatch(/engram: this exact Bash command has failed 2 times in a row this turn/);
    expect(fourth).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
    expect(fourth?.['permissionDecisionReason']).toBe(
      'engram: this exact Bash command failed 3 times this turn with "sh: 1: tsc: not found"; change the command or its arguments before retrying (other Bash commands still run), try another way, or tell the user.',
    );
    // Allowed: no deny, and engram never answers "allow" (that would skip the user's permission prompt).
    expect(recovered?.['permissionDecision']).toBeUndefined();
    expect(JSON.stringify(recovered ?? {})).not.toMatch(/this exact Bash command/);

    const session = (JSON.parse(readFileSync(join(project, '.engram', 'hooks', SESSION_MAP), 'utf8')) as Record<string, { session: string }>)['claude-breaker']?.session;
    const events = readLogFile(join(project, '.engram', 'events', `${session}.jsonl`)).events;
    const guarded = events.flatMap((e) => (e.type === 'executive.tool.guarded' ? [[e.data.toolUseId, e.data.action, e.data.failures]] : []));
    // The second call is the retry of a failure with nothing changed since: warned (issue 24) before the breaker counts.
    expect(guarded).toEqual([
      ['toolu_2', 'warned', 1],
      ['toolu_3', 'warned', 2],
      ['toolu_4', 'blocked', 3],
    ]);
    // The denied call never ran: no result for it; echo recovered ran and succeeded.
    expect(events.flatMap((e) => (e.type === 'executive.tool.resulted' ? [[e.data.toolUseId, e.data.ok]] : []))).toEqual([
      ['toolu_1', false],
      ['toolu_2', false],
      ['toolu_3', false],
      ['toolu_5', true],
    ]);
  });
});
