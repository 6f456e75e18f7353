import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAKE_KEY, startFakeLlmServer, type FakeLlmServer, type FakeReply, type ReceivedRequest } from '@engram/llm/testing';
import { readLogFile } from '@engram/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSdkExample } from '../../examples/agent-sdk.js';

/**
 * The real Claude Agent SDK `query()`, driving the real Claude Code binary of its platform
 * package, against a local fake Messages API on 127.0.0.1 (SSE streaming). The fake model keeps
 * making the same failing Bash call; the Bash tool really runs it (each run appends to runs.log);
 * engram's in-process hooks deny the fourth. Nothing leaves the machine.
 */

const COMMAND = 'echo ran >> runs.log; cat missing-report.txt';
/** The fake model's patience: it stops after this many tool results, denied ones included. */
const MAX_TOOL_RESULTS = 5;

type Block = { readonly type: string; readonly content?: unknown; readonly text?: string };
const blocksOf = (req: ReceivedRequest): Block[] => (req.body['messages'] as { content: string | Block[] }[]).flatMap((m) => (typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content));
const textOf = (req: ReceivedRequest): string => JSON.stringify(req.body['messages']) + JSON.stringify(req.body['system'] ?? '');
const isMainLoop = (req: ReceivedRequest): boolean => ((req.body['tools'] as { name: string }[] | undefined) ?? []).some((t) => t.name === 'Bash');

/** The scripted model: the same Bash call until enough results came back, then an answer; side requests get plain text. */
const fakeModel = (req: ReceivedRequest): FakeReply => {
  if (!isMainLoop(req)) return { kind: 'text', text: 'ok' };
  const results = blocksOf(req).filter((b) => b.type === 'tool_result').length;
  return results < MAX_TOOL_RESULTS ? { kind: 'tool', name: 'Bash', input: { command: COMMAND, description: 'Read the report' } } : { kind: 'text', text: 'The report file does not exist.' };
};

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(async () => {
  await server.close();
});

describe('engramHooks in the real Claude Agent SDK query()', () => {
  it('denies the fourth identical failing Bash call, learns at Stop, and the next query starts with the lesson', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-agent-sdk-'));
    const project = join(root, 'project');
    mkdirSync(project);
    // HOME is the temp folder: Claude Code keeps its own state there, never in the user's home.
    const env = { PATH: process.env['PATH'], HOME: root, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: FAKE_KEY, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_TELEMETRY: '1', DISABLE_AUTOUPDATER: '1', DISABLE_ERROR_REPORTING: '1' };
    server.setFallback(fakeModel);
    const home = join(root, 'engram-home');

    const first = await agentSdkExample({ home, project, prompt: 'Read missing-report.txt', env, model: 'claude-sonnet-5-5' });
    expect(first.problems).toEqual([]);
    expect(first.result).toBe('The report file does not exist.');
    // The Bash tool really ran three times; the fourth and fifth identical calls were denied by engram.
    expect(readFileSync(join(project, 'runs.log'), 'utf8').trim().split('\n')).toHaveLength(3);
    expect(first.toolResults).toHaveLength(MAX_TOOL_RESULTS);
    expect(first.toolResults.map((r) => r.isError)).toEqual([true, true, true, true, true]);
    expect(first.toolResults.slice(0, 3).every((r) => /No such file or directory/.test(r.text))).toBe(true);
    expect(first.toolResults.slice(3).every((r) => /engram: this exact Bash command failed 3 times this turn/.test(r.text))).toBe(true);
    // The model read the warning before the third call ran, and the denial as the tool's result.
    const beforeFourthCall = server.requests.filter(isMainLoop).find((r) => blocksOf(r).filter((b) => b.type === 'tool_result').length === 3);
    expect(beforeFourthCall === undefined ? '' : textOf(beforeFourthCall)).toMatch(/engram: this exact Bash command has failed 2 times in a row/);

    // The hooks were invoked by the SDK: the engram session recorded Claude's own tool_use ids, and learned at Stop.
    const logs = join(project, '.engram', 'events');
    const files = readdirSync(logs).filter((f) => f.endsWith('.jsonl'));
    expect(files).toHaveLength(1);
    const events = readLogFile(join(logs, files[0] ?? '')).events;
    const called = events.flatMap((e) => (e.type === 'executive.tool.called' ? [e.data.toolUseId] : []));
    expect(called).toHaveLength(MAX_TOOL_RESULTS);
    expect(called.every((id) => id.startsWith('toolu_'))).toBe(true);
    expect(events.flatMap((e) => (e.type === 'executive.tool.guarded' ? [e.data.action] : []))).toEqual(['warned', 'blocked', 'blocked']);
    expect(events.flatMap((e) => (e.type === 'executive.turn.completed' ? [e.data.answer] : []))).toEqual(['The report file does not exist.']);
    const lessons = events.flatMap((e) => (e.type === 'acc.lesson.detected' ? [e.data.lessonId] : []));
    expect(lessons).toContain('acc.repeated-tool-error');

    // A second query (a new Claude session): the first request to the model carries the lesson.
    server.reset();
    server.setFallback((req) => (isMainLoop(req) ? { kind: 'text', text: 'Understood.' } : { kind: 'text', text: 'ok' }));
    const second = await agentSdkExample({ home, project, prompt: 'Try the report again', env, model: 'claude-sonnet-5-5' });
    expect(second.result).toBe('Understood.');
    const firstRequest = server.requests.find(isMainLoop);
    expect(firstRequest === undefined ? '' : textOf(firstRequest)).toMatch(/what this agent learned in earlier sessions[\s\S]*don't retry/);
  });
});
