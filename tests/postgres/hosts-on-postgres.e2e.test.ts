import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { pingService } from '@engram/serve/client';
import { openPostgres } from '@engram/store-postgres';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../cli/run-cli.js';
import { hook, startServe, world, type World } from '../serve/serve-harness.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));

type Data = Record<string, unknown>;

/** `engram mcp` over stdio as an MCP host starts it, with the store in its environment. */
const connectMcp = async (home: string, project: string, env: Record<string, string>) => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--home', home, '--project', project], cwd: ROOT, stderr: 'pipe', env: { PATH: process.env.PATH ?? '', ...env } });
  let stderr = '';
  transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const client = new Client({ name: 'engram-pg-e2e', version: '0.0.0' });
  await client.connect(transport);
  const call = async (name: string, args: Data): Promise<Data> => {
    const r = await client.callTool({ name, arguments: args });
    if (r.isError === true) throw new Error(`${name} failed: ${JSON.stringify(r.content)} ${stderr}`);
    return (r.structuredContent ?? {}) as Data;
  };
  return { call, close: () => client.close(), stderr: () => stderr };
};

/** Counts in the tenant's rows, read through row-level security as engram reads them. */
const inStore = async (url: string, tenant: string) => {
  const db = await openPostgres({ url, tenant });
  const rows = async <T extends Data>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.pool.query<T>(sql, params)).rows;
  return { rows, close: () => db.close() };
};

/** A hook session's events as PostgreSQL holds them: one session, its types in order, and whether seq is dense. */
const hookSessions = async (url: string, tenant: string) => {
  const s = await inStore(url, tenant);
  try {
    const sessions = await s.rows<{ session_id: string; n: number; top: string }>('SELECT session_id, count(*)::int AS n, max(seq)::text AS top FROM engram_events GROUP BY session_id');
    const types = await s.rows<{ type: string }>('SELECT type FROM engram_events ORDER BY session_id, seq');
    return { sessions, types: types.map((t) => t.type) };
  } finally {
    await s.close();
  }
};

describe('hosts with a store that cannot be used', () => {
  it('engram mcp exits 3 naming the server (not its password) when the store cannot be reached, and 2 for a bad setting', () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-pg-mcp-down-'));
    const down = spawnSync(process.execPath, [BIN, 'mcp', '--home', home, '--store', 'postgres://engram:hunter2@127.0.0.1:1/engram'], { cwd: ROOT, encoding: 'utf8', input: '', timeout: 60_000 });
    expect(down.status, down.stderr).toBe(3);
    expect(down.stderr).toContain('127.0.0.1:1');
    expect(down.stderr).not.toContain('hunter2');
    const bad = spawnSync(process.execPath, [BIN, 'mcp', '--home', home, '--tenant', 'bad tenant!', '--store', 'postgres://engram@127.0.0.1:1/engram'], { cwd: ROOT, encoding: 'utf8', input: '', timeout: 60_000 });
    expect(bad.status, bad.stderr).toBe(2);
    expect(bad.stderr).toContain('--tenant');
  });

  it('a hook with a bad --store fails open with one line naming the flag, and records nothing', () => {
    const w = world('pg-hook-bad-flag');
    const r = hook(w, 'session-start', 'session-start', {}, { ENGRAM_SERVE: '0' }, ['--store', 'mysql://db/engram']);
    expect([r.status, r.stdout]).toEqual([0, '']);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^engram hook session-start: --store "mysql:\/\/db\/engram"/);
    expect(existsSync(join(w.project, '.engram', 'events'))).toBe(false);
  });

  it('a hook fails open with one line when the store cannot be reached', () => {
    const w = world('pg-down');
    mkdirSync(join(w.project, '.engram'), { recursive: true });
    const r = hook(w, 'pre-tool-use', 'pre-tool-use-read', {}, { ENGRAM_STORE: 'postgres://engram:hunter2@127.0.0.1:1/engram', ENGRAM_SERVE: '0' });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('127.0.0.1:1');
    expect(r.stderr).not.toContain('hunter2');
  });
});

describe.skipIf(!started.ok)(`hosts on PostgreSQL${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('engram mcp: memorize in one server process, memory_context of the next finds it in PostgreSQL, and no memory file is written', { timeout: 120_000 }, async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('hosts_mcp');
    const home = mkdtempSync(join(tmpdir(), 'engram-pg-mcp-home-'));
    const project = mkdtempSync(join(tmpdir(), 'engram-pg-mcp-project-'));
    const env = { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-mcp' };
    const rule = 'Run the migrations on a copy of the database first.';

    const first = await connectMcp(home, project, env);
    try {
      const m = await first.call('memorize', { text: rule, kind: 'always', scope: 'project' });
      expect(JSON.stringify(m)).toContain('added');
    } finally {
      await first.close();
    }
    const second = await connectMcp(home, project, env);
    let context: string;
    try {
      context = (await second.call('memory_context', { message: 'migrate the schema' })).context as string;
    } finally {
      await second.close();
    }
    expect(context).toContain(rule);

    const s = await inStore(url, 'team-mcp');
    try {
      const memory = await s.rows<{ scope_key: string; text: string }>('SELECT scope_key, text FROM engram_memory');
      expect(memory.map((r) => r.text)).toContain(rule);
      expect(memory.find((r) => r.text === rule)?.scope_key).toMatch(/^project:/);
      // Both server sessions logged to PostgreSQL, each started and ended once.
      const ends = await s.rows<{ type: string; n: number }>("SELECT type, count(*)::int AS n FROM engram_events WHERE type IN ('executive.session.started', 'executive.session.ended') GROUP BY type ORDER BY type");
      expect(ends).toEqual([
        { type: 'executive.session.ended', n: 2 },
        { type: 'executive.session.started', n: 2 },
      ]);
    } finally {
      await s.close();
    }
    // Another tenant sees none of it.
    const other = await inStore(url, 'team-other');
    try {
      expect(await other.rows('SELECT 1 FROM engram_memory')).toEqual([]);
    } finally {
      await other.close();
    }
    expect(existsSync(join(project, '.engram', 'memory'))).toBe(false);
    expect(existsSync(join(home, 'events'))).toBe(false);
  });

  /** A Claude Code turn through the built `engram hook`: start, a failing Read, the same Read again, stop. */
  const turn = (w: World, env: NodeJS.ProcessEnv, args: readonly string[] = []) => {
    const runs = [
      hook(w, 'session-start', 'session-start', {}, env, args),
      hook(w, 'user-prompt-submit', 'user-prompt-submit', {}, env, args),
      hook(w, 'pre-tool-use', 'pre-tool-use-read', {}, env, args),
      hook(w, 'post-tool-use', 'post-tool-use-failure-read', {}, env, args),
      hook(w, 'pre-tool-use', 'pre-tool-use-read', { tool_use_id: 'toolu_02ReadPayroll' }, env, args),
      hook(w, 'post-tool-use', 'post-tool-use-read', { tool_use_id: 'toolu_02ReadPayroll' }, env, args),
      hook(w, 'stop', 'stop', {}, env, args),
    ];
    for (const r of runs) expect([r.status, r.stderr]).toEqual([0, '']);
    return runs;
  };

  const expectOneResumedSession = async (url: string, tenant: string, w: World) => {
    const { sessions, types } = await hookSessions(url, tenant);
    // Every hook carried the one session on from its PostgreSQL log: started once, seq dense.
    expect(sessions).toHaveLength(1);
    expect(String(sessions[0]!.n)).toBe(sessions[0]!.top);
    expect(types.filter((t) => t === 'executive.session.started')).toHaveLength(1);
    expect(types.filter((t) => t === 'executive.tool.called')).toHaveLength(2);
    expect(types.filter((t) => t === 'executive.tool.resulted')).toHaveLength(2);
    expect(types).toContain('executive.turn.completed');
    expect(existsSync(join(w.project, '.engram', 'events'))).toBe(false);
  };

  it('engram hook in a process per hook (ENGRAM_SERVE=0): the turn is one session in PostgreSQL, resumed by every hook', { timeout: 180_000 }, async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('hosts_hooks');
    const w = world('pg-hooks');
    turn(w, { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-hooks', ENGRAM_SERVE: '0' });
    await expectOneResumedSession(url, 'team-hooks', w);
  });

  it('engram hook --store URL --tenant T, with nothing in the environment: the flags move the hook to PostgreSQL, in a process per hook and through the service it starts', { timeout: 180_000 }, async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('hosts_hook_flags');
    const w = world('pg-hook-flags');
    delete w.env['ENGRAM_STORE'];
    delete w.env['ENGRAM_TENANT'];
    turn(w, { ENGRAM_SERVE: '0' }, ['--store', url, '--tenant', 'team-flags']);
    await expectOneResumedSession(url, 'team-flags', w);
    // The service a hook starts is handed the hook's store; the next hooks go through it.
    const viaService = world('pg-hook-flags-serve');
    delete viaService.env['ENGRAM_STORE'];
    delete viaService.env['ENGRAM_TENANT'];
    try {
      turn(viaService, {}, [`--store=${url}`, '--tenant=team-flags-serve']);
      await expectOneResumedSession(url, 'team-flags-serve', viaService);
    } finally {
      const pid = (await pingService(viaService.home, 2_000))?.pid;
      if (pid !== undefined) process.kill(pid, 'SIGTERM');
    }
  });

  it('engram hook through engram serve (warm sessions): the same session in PostgreSQL, and the service closes its pool when stopped', { timeout: 180_000 }, async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('hosts_serve');
    const w = world('pg-serve');
    // The service has the store in its environment, as when a hook with ENGRAM_STORE started it.
    Object.assign(w.env, { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-serve' });
    const served = await startServe(w);
    try {
      turn(w, {});
      expect((await pingService(w.home, 2_000))?.served).toBeGreaterThanOrEqual(7);
    } finally {
      served.child.kill('SIGTERM');
    }
    const exit = await served.exited;
    expect(readFileSync(join(w.home, 'run', 'serve.log'), 'utf8')).toMatch(/stopped: SIGTERM \(7 hooks served\)/);
    expect(exit.code, exit.stderr).toBe(0);
    await expectOneResumedSession(url, 'team-serve', w);
  });

  it('engram serve started without ENGRAM_STORE loads the PostgreSQL backend for a hook that carries it (no fallback, no warning)', { timeout: 180_000 }, async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('hosts_serve_late');
    const w = world('pg-serve-late');
    delete w.env['ENGRAM_STORE'];
    delete w.env['ENGRAM_TENANT'];
    const served = await startServe(w);
    try {
      // Every hook names the store: the service loads `pg` only now, after it claimed its home.
      turn(w, { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-late' });
      expect((await pingService(w.home, 2_000))?.served).toBeGreaterThanOrEqual(7);
    } finally {
      served.child.kill('SIGTERM');
    }
    const exit = await served.exited;
    expect([exit.code, exit.signal], `${exit.stderr}${readFileSync(join(w.home, 'run', 'serve.log'), 'utf8')}`).toEqual([0, null]);
    expect(readFileSync(join(w.home, 'run', 'serve.log'), 'utf8')).toMatch(/stopped: SIGTERM \(7 hooks served\)/);
    await expectOneResumedSession(url, 'team-late', w);
  });

});
