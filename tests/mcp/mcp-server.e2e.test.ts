import { request } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { connectHttp, connectStdio, startHttpServer, type HttpServerProcess } from './mcp-clients.js';

const TOOLS = ['end_turn', 'memorize', 'memory_context', 'pre_call', 'recall', 'recall_skill', 'start_turn', 'tool_result'];
/** A made-up Anthropic key: the scrubber must keep it out of the log. */
const FAKE_KEY = `sk-ant-api03-${'Q7'.repeat(45)}`;

const dirs: string[] = [];
const tmp = (what: string): string => {
  const d = mkdtempSync(join(tmpdir(), `engram-mcp-${what}-`));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

type Structured = Record<string, unknown>;
interface Called {
  readonly isError: boolean;
  readonly text: string;
  readonly data: Structured;
}

const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<Called> => {
  const r = await client.callTool({ name, arguments: args });
  const content = r.content as { type: string; text?: string }[];
  return { isError: r.isError === true, text: content.map((c) => c.text ?? '').join('\n'), data: (r.structuredContent ?? {}) as Structured };
};

const logsOf = (project: string): string[] => {
  const dir = join(project, '.engram', 'events');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map((f) => join(dir, f)) : [];
};

const typesIn = (log: string): string[] => readFileSync(log, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { type: string }).type);

/** Polls (bounded: 50 x 100 ms) until the session's log records its end. */
const waitForEnd = async (log: string): Promise<void> => {
  for (let i = 0; i < 50 && !(existsSync(log) && typesIn(log).includes('executive.session.ended')); i++) await new Promise((r) => setTimeout(r, 100));
};

/** What every transport must do, against one connected client. */
const scenario = async (client: Client): Promise<void> => {
  // tools listed, with input and output schemas
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
  for (const t of tools) {
    expect(t.inputSchema.type).toBe('object');
    expect(t.outputSchema?.type).toBe('object');
  }
  const pre = tools.find((t) => t.name === 'pre_call');
  expect(Object.keys(pre?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['tool', 'input', 'callId']));
  expect(pre?.inputSchema.required).toContain('tool');
  expect(Object.keys(pre?.outputSchema?.properties ?? {})).toEqual(expect.arrayContaining(['verdict', 'explanation', 'advice', 'callId']));

  // memorize, then the memory block shows the entry, and so does the project's rules resource
  const rule = 'Always run the linter before committing';
  const m = await call(client, 'memorize', { text: rule, kind: 'always', scope: 'project' });
  expect(m.isError).toBe(false);
  expect(m.data).toEqual({ entries: [{ text: rule, kind: 'always', outcome: 'added', reason: null }] });
  const ctx = await call(client, 'memory_context', {});
  expect(ctx.data.context).toContain(rule);
  const res = await client.readResource({ uri: 'engram://memory/project/rules' });
  expect(JSON.stringify(res.contents)).toContain(rule);
  const listed = await client.listResources();
  expect(listed.resources.map((r) => r.uri)).toEqual(expect.arrayContaining(['engram://memory/global/rules', 'engram://memory/global/profile', 'engram://memory/project/lessons']));

  // three identical failures of one input: warn after two, block after three, for that input
  const input = { command: 'cat data/missing.csv' };
  const verdicts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const p = await call(client, 'pre_call', { tool: 'Bash', input });
    expect(p.isError).toBe(false);
    verdicts.push(p.data.verdict as string);
    const r = await call(client, 'tool_result', { tool: 'Bash', callId: p.data.callId, ok: false, error: `cat: data/missing.csv: No such file or directory (token ${FAKE_KEY})` });
    expect(r.data).toMatchObject({ callId: p.data.callId, recorded: true });
  }
  const blocked = await call(client, 'pre_call', { tool: 'Bash', input });
  verdicts.push(blocked.data.verdict as string);
  expect(verdicts).toEqual(['allow', 'warn', 'warn', 'block']); // the retry of a failure with nothing changed is warned (issue 24), then the breaker warns and blocks
  expect(blocked.data.explanation).not.toBe('');
  expect(blocked.text).toContain('block');
  const notRun = await call(client, 'tool_result', { tool: 'Bash', callId: blocked.data.callId, ok: false, error: 'blocked' });
  expect(notRun.data).toMatchObject({ recorded: false });

  // bad input: tool errors with a clear message, and the server keeps answering
  const badKind = await call(client, 'memorize', { text: 'x', kind: 'sometimes' });
  expect(badKind.isError).toBe(true);
  expect(badKind.text).toMatch(/kind/);
  const badName = await call(client, 'pre_call', { tool: '', input: {} });
  expect(badName.isError).toBe(true);
  expect(badName.text).toMatch(/tool/);
  const unknownCall = await call(client, 'tool_result', { tool: 'Bash', callId: 'never-reported', ok: true, output: 'x' });
  expect(unknownCall.isError).toBe(true);
  expect(unknownCall.text).toContain('never-reported');
  const missingSkill = await call(client, 'recall_skill', { label: '../etc/passwd' });
  expect(missingSkill.isError).toBe(true);
  expect((await call(client, 'memory_context', {})).data.context).toContain(rule);

  // the turn ends and says what it learned
  const end = await call(client, 'end_turn', { answer: 'The file is missing; I stopped.' });
  expect(end.isError).toBe(false);
  expect(end.data.turn).toBe(1);
  expect(Array.isArray(end.data.lessons)).toBe(true);
  const again = await call(client, 'end_turn', { answer: 'again' });
  expect(again.isError).toBe(true);
  expect(again.text).toContain('no turn is open');
};

/** The scenario's session log is valid, ended, and holds no secret. */
const checkLog = (log: string): void => {
  const types = typesIn(log);
  expect(types[0]).toBe('executive.session.started');
  expect(types).toEqual(expect.arrayContaining(['executive.tool.called', 'executive.tool.resulted', 'executive.tool.guarded', 'executive.turn.completed', 'hippocampus.engram.encoded']));
  expect(types.at(-1)).toBe('executive.session.ended');
  expect(readFileSync(log, 'utf8')).not.toContain(FAKE_KEY);
  const v = runCli(['log', 'validate', log]);
  expect(v.stderr).toBe('');
  expect(v.status).toBe(0);
};

describe('engram mcp (the SDK client, real server processes)', () => {
  it('over stdio: tools with schemas, memorize -> memory_context, the breaker per input, tool errors; the session is logged and closed when the client goes', async () => {
    const home = tmp('home');
    const project = tmp('project');
    const c = await connectStdio(home, project);
    try {
      await scenario(c.client);
    } finally {
      await c.close();
    }
    const logs = logsOf(project);
    expect(logs).toHaveLength(1);
    await waitForEnd(logs[0] as string);
    checkLog(logs[0] as string);
    expect(c.stderr()).toBe('');
  });

  let server: HttpServerProcess | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  it('over streamable HTTP on 127.0.0.1: the same, one engram session per MCP session, ended by the DELETE', async () => {
    const home = tmp('home');
    const project = tmp('project');
    server = await startHttpServer(home, project);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const c = await connectHttp(server.url);
    await scenario(c.client);
    // a second client is a second engram session
    const other = await connectHttp(server.url);
    expect((await call(other.client, 'memory_context', {})).isError).toBe(false);
    await c.close();
    const logs = logsOf(project);
    const first = logs.find((l) => typesIn(l).includes('executive.turn.completed')) as string;
    await waitForEnd(first);
    checkLog(first);
    // the other session is still open, and still answers
    expect((await call(other.client, 'memory_context', {})).data.context).toContain('Always run the linter');
    const openOnes = logsOf(project).filter((l) => l !== first);
    for (const l of openOnes) expect(typesIn(l)).not.toContain('executive.session.ended');
    // stopping the server settles and closes it
    expect(await server.stop()).toBe(0);
    server = null;
    const all = logsOf(project);
    expect(all).toHaveLength(2);
    const second = all.find((l) => l !== first) as string;
    expect(typesIn(second).at(-1)).toBe('executive.session.ended');
    expect(runCli(['log', 'validate', second]).status).toBe(0);
  });

  it('over HTTP: refuses a request whose Host is not loopback (DNS rebinding), and a non-loopback address without --allow-remote', async () => {
    const home = tmp('home');
    const project = tmp('project');
    server = await startHttpServer(home, project);
    const url = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '0' } } });
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { host: `evil.example:${url.port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.once('error', reject);
      req.end(body);
    });
    expect(status).toBe(403);
    expect(logsOf(project)).toEqual([]);
    const refused = runCli(['mcp', '--http', '--port', url.port, '--host', '0.0.0.0', '--home', home, '--project', project]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('--allow-remote');
  });
});
