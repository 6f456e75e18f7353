// Why this exists: a hook process resumes its session from the checkpoint the last one left beside
// the log (docs/cli-startup.md, "A long session"). Whatever a turn of a coding agent puts in the
// cores' states (failed commands, written scripts, removed paths, recipes, ACC runs) must survive
// the checkpoint, and a hook must answer exactly as it does after folding the whole log.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resumeCheckpointOf } from '@engram/store';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import type { HookName } from './hook-payload.js';
import { runHook } from './run-hook.js';

const bash = (id: string, command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: id });
const ok = (stdout: string) => ({ hook_event_name: 'PostToolUse', tool_response: { stdout, stderr: '', interrupted: false } });
const failed = (error: string) => ({ hook_event_name: 'PostToolUseFailure', error });

/** Two turns of a coding agent: failures, a script written and run, a path removed then needed, and the same mistakes again. */
const TURN: readonly (readonly [HookName, object])[] = [
  ['user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'Make the tests pass' }],
  ['pre-tool-use', { hook_event_name: 'PreToolUse', ...bash('t1', 'npm test') }],
  ['post-tool-use', { ...bash('t1', 'npm test'), ...failed('Exit code 1\nError: Cannot find module "jest"') }],
  ['pre-tool-use', { hook_event_name: 'PreToolUse', ...bash('t2', 'ls src') }],
  ['post-tool-use', { ...bash('t2', 'ls src'), ...ok('index.ts\nmath.ts') }],
  ['pre-tool-use', { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: '/p/check.py', content: 'import numpy\nprint(numpy.ones(2))\n' }, tool_use_id: 't3' }],
  ['post-tool-use', { hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: '/p/check.py', content: 'import numpy\nprint(numpy.ones(2))\n' }, tool_use_id: 't3', tool_response: { filePath: '/p/check.py' } }],
  ['pre-tool-use', { hook_event_name: 'PreToolUse', ...bash('t4', 'python check.py') }],
  ['post-tool-use', { ...bash('t4', 'python check.py'), ...failed("Exit code 1\nModuleNotFoundError: No module named 'numpy'") }],
  ['pre-tool-use', { hook_event_name: 'PreToolUse', ...bash('t5', 'rm -rf build') }],
  ['post-tool-use', { ...bash('t5', 'rm -rf build'), ...ok('') }],
  ['pre-tool-use', { hook_event_name: 'PreToolUse', ...bash('t6', 'ls build') }],
  ['post-tool-use', { ...bash('t6', 'ls build'), ...failed("Exit code 2\nls: cannot access 'build': No such file or directory") }],
  ['pre-tool-use', { hook_event_name: 'PreToolUse', ...bash('t7', 'npm test') }],
  ['post-tool-use', { ...bash('t7', 'npm test'), ...failed('Exit code 1\nError: Cannot find module "jest"') }],
  ['pre-tool-use', { hook_event_name: 'PreToolUse', ...bash('t8', 'npm install --save-dev jest') }],
  ['post-tool-use', { ...bash('t8', 'npm install --save-dev jest'), ...ok('added 1 package') }],
  ['stop', { hook_event_name: 'Stop', stop_hook_active: false }],
];

/** The session through every hook of two turns, each hook a fresh resume; `replay` removes the checkpoint before each. */
const session = async (mode: 'checkpoint' | 'replay') => {
  const root = mkdtempSync(join(tmpdir(), 'engram-hook-checkpoint-'));
  const project = join(root, 'project');
  mkdirSync(project, { recursive: true });
  const env = { ENGRAM_HOME: join(root, 'home'), ENGRAM_MEMORY_MODE: 'autopilot', ENGRAM_ACC_MODE: 'active' };
  const events = join(project, '.engram', 'events');
  const log = () => join(events, readdirSync(events).find((f) => f.endsWith('.jsonl')) ?? '');
  const outs: string[] = [];
  const problems: string[] = [];
  const hooks: (readonly [HookName, object])[] = [['session-start', { hook_event_name: 'SessionStart', source: 'startup' }], ...TURN, ...TURN.map(([n, p]): readonly [HookName, object] => [n, JSON.parse(JSON.stringify(p).replace(/"t(\d)"/g, '"u$1"')) as object])];
  for (const [name, payload] of hooks) {
    if (mode === 'replay' && existsSync(events)) rmSync(resumeCheckpointOf(log()), { force: true });
    const out = await runHook(name, JSON.stringify({ session_id: 'claude-1', cwd: project, ...payload }), { env, warn: (m) => problems.push(m) });
    outs.push(JSON.stringify(out).replaceAll(root, '<root>'));
    if (mode === 'checkpoint') expect(existsSync(resumeCheckpointOf(log())), `a checkpoint after ${name}`).toBe(true);
  }
  const logged = readLogFile(log()).events.map((e) => [e.type, e.turn, e.round, e.type.startsWith('cortex.') || e.type.startsWith('hippocampus.') ? null : JSON.stringify(e.data).replaceAll(root, '<root>').replace(/"(id|lessonId|callId|eventId|causationId)":"[^"]*"/g, '"$1"').replace(/"durationMs":\d+/g, '"durationMs"')]);
  return { outs, problems, logged };
};

describe('a hook resumed from its checkpoint', () => {
  it('answers and logs as one resumed from the whole log, through two turns of failures, writes and removals', async () => {
    const fromCheckpoint = await session('checkpoint');
    const fromLog = await session('replay');
    expect(fromCheckpoint.problems).toEqual([]);
    expect(fromCheckpoint.outs).toEqual(fromLog.outs);
    expect(fromCheckpoint.logged).toEqual(fromLog.logged);
    // The second turn was warned before repeating the first turn's mistakes: the states carried something.
    expect(fromCheckpoint.outs.filter((o) => o.includes('additionalContext')).length).toBeGreaterThan(0);
  }, 60_000);
});
