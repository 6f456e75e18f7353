import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { createBrain } from '@engram/runtime';
import { readLogFile } from '@engram/store';
import { describe, expect, it } from 'vitest';
import type { HookName } from './hook-payload.js';
import { runHook } from './run-hook.js';
import { SESSION_MAP } from './effects/session-map.js';

const setUp = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-hook-int-'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(project, { recursive: true });
  const env = { ENGRAM_HOME: home, ENGRAM_MEMORY_MODE: 'autopilot', ENGRAM_ACC_MODE: 'active' };
  /** Runs one hook in this process, as `engram hook` does, and returns what it would print. */
  const hook = async (name: HookName, payload: object) => {
    let err = '';
    const output = await runHook(name, JSON.stringify({ session_id: 'claude-1', cwd: project, ...payload }), { env, warn: (m) => void (err += `${m}\n`) });
    const out = output === null ? '' : `${JSON.stringify(output)}\n`;
    return { code: 0, out, err, json: output as { hookSpecificOutput: Record<string, unknown> } | null };
  };
  const sessionId = () => (JSON.parse(readFileSync(join(project, '.engram', 'hooks', SESSION_MAP), 'utf8')) as Record<string, { session: string }>)['claude-1']?.session ?? '';
  const events = (): AnyEnvelope[] => readLogFile(join(project, '.engram', 'events', `${sessionId()}.jsonl`)).events;
  return { root, project, home, env, hook, sessionId, events };
};

const pre = (id: string, command = 'npm test') => ({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: id });
const fail = (id: string, command = 'npm test') => ({ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command }, tool_use_id: id, error: 'Exit code 1' });

describe('engram hook, in process', () => {
  it('maps one Claude session to one engram session, in a private map file', async () => {
    const t = setUp();
    await t.hook('session-start', { hook_event_name: 'SessionStart', source: 'startup' });
    await t.hook('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'test it' });
    expect(t.sessionId()).toMatch(/^\d{8}_\d{6}_[0-9a-f]{4}$/);
    expect(statSync(join(t.project, '.engram', 'hooks', SESSION_MAP)).mode & 0o777).toBe(0o600);
    expect(t.events().filter((e) => e.type === 'executive.session.started')).toHaveLength(1);
  });

  it('records nothing into a project folder that does not exist (a forged or stale cwd creates no .engram anywhere)', async () => {
    const t = setUp();
    const problems: string[] = [];
    const missing = join(t.root, 'gone', 'deep');
    const out = await runHook('user-prompt-submit', JSON.stringify({ session_id: 'claude-1', cwd: missing, hook_event_name: 'UserPromptSubmit', prompt: 'hi' }), { env: t.env, warn: (m) => problems.push(m) });
    expect(out).toBeNull();
    expect(problems).toEqual([`project folder ${missing} (from the payload's cwd) does not exist: nothing recorded`]);
    expect(existsSync(join(t.root, 'gone'))).toBe(false);
    writeFileSync(join(t.root, 'a-file'), '');
    await runHook('stop', JSON.stringify({ session_id: 'claude-1', cwd: t.project, hook_event_name: 'Stop' }), { env: { ...t.env, CLAUDE_PROJECT_DIR: join(t.root, 'a-file') }, warn: (m) => problems.push(m) });
    expect(problems[1]).toBe(`project ${join(t.root, 'a-file')} (from CLAUDE_PROJECT_DIR) is not a folder: nothing recorded`);
  });

  it('serialises concurrent hooks of one session: parallel tool calls are all recorded, in one consistent log', async () => {
    const t = setUp();
    await t.hook('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'run the suites' });
    const ids = ['a', 'b', 'c', 'd'];
    const outs = await Promise.all(ids.map((id) => t.hook('pre-tool-use', pre(id, `npm test -- ${id}`))));
    expect(outs.map((o) => [o.code, o.err])).toEqual(ids.map(() => [0, '']));
    await Promise.all(ids.map((id) => t.hook('post-tool-use', fail(id, `npm test -- ${id}`))));
    const log = t.events();
    expect(log.filter((e) => e.type === 'executive.tool.called').map((e) => e.type === 'executive.tool.called' && e.data.toolUseId).sort()).toEqual(ids);
    expect(log.filter((e) => e.type === 'executive.tool.resulted')).toHaveLength(4);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    // Each hook saw the one before it: the four calls share round 1, each result ends a round.
    expect(log.flatMap((e) => (e.type === 'executive.round.started' ? [e.data.round] : []))).toEqual([1, 2, 3, 4]);
    expect(log.flatMap((e) => (e.type === 'executive.round.completed' ? [e.data.toolCalls] : []))).toEqual([4, 0, 0, 0]);
  });

  it('carries on in a new engram session when the mapped one was closed', async () => {
    const t = setUp();
    await t.hook('user-prompt-submit', { hook_event_name: 'UserPromptSubmit', prompt: 'one' });
    const first = t.sessionId();
    const brain = createBrain({ home: t.home, project: t.project, env: t.env });
    await brain.session({ sessionId: first, resume: true }).close();
    const r = await t.hook('pre-tool-use', pre('x'));
    expect(r.err).toBe('');
    expect(t.sessionId()).not.toBe(first);
    expect(t.events().map((e) => e.type)).toEqual(['executive.session.started', 'executive.turn.started', 'executive.round.started', 'executive.tool.called', 'cortex.precall.read']);
  });

  it('reports a broken fallbacks file by file and field, and still records the call', async () => {
    const t = setUp();
    mkdirSync(join(t.project, '.engram'), { recursive: true });
    writeFileSync(join(t.project, '.engram', 'fallbacks.json'), JSON.stringify([{ tool: 'Bash', steps: [{ name: 'x', patch: 1 }] }]));
    const r = await t.hook('pre-tool-use', pre('x'));
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/fallbacks\.json: field "\[0\]\.steps\[0\]\.patch": expected an object.*fallback chains are off/);
    expect(t.events().filter((e) => e.type === 'executive.tool.called')).toHaveLength(1);
  });

  it('fails open: an unusable setting is one warning line and no output', async () => {
    const t = setUp();
    let err = '';
    const output = await runHook('pre-tool-use', { session_id: 'c', cwd: t.project, ...pre('x') }, { env: { ...t.env, ENGRAM_MEMORY_MODE: 'sometimes' }, warn: (m) => void (err += `${m}\n`) });
    expect(output).toBeNull();
    expect(err).toMatch(/^ENGRAM_MEMORY_MODE="sometimes" is not allowed: use one of autopilot, copilot, off/);
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it('opens a turn for a tool call that came without a prompt, and records a result whose call was never reported', async () => {
    const t = setUp();
    await t.hook('post-tool-use', { hook_event_name: 'PostToolUse', tool_name: 'Read', tool_input: { file_path: '/p/a.md' }, tool_use_id: 'r1', tool_response: 'text' });
    const types = t.events().map((e) => e.type);
    expect(types.slice(1, 4)).toEqual(['executive.turn.started', 'executive.round.started', 'executive.tool.called']);
    expect(types).toContain('executive.tool.resulted');
  });
});
