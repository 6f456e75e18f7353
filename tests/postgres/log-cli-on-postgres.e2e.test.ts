import type { AnyEnvelope } from '@engram/events';
import { buildStream } from '@engram/events/testing';
import { appendEvents, openPostgres } from '@engram/store-postgres';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli } from '../cli/run-cli.js';

const root = mkdtempSync(join(tmpdir(), 'engram-log-cli-pg-'));
const started = await startTestPostgres();
let url = '';
if (started.ok) url = started.pg.createDatabase('log_cli');
afterAll(() => {
  if (started.ok) started.pg.stop();
  rmSync(root, { recursive: true, force: true });
});

const A = '20261124_101500_ab12';
const B = '20261124_111500_cd34';
let ids = 0;
/** `n` turn events of `session`, with ids unique across the suite (a real log never repeats one). */
const turns = (session: string, n: number): AnyEnvelope[] =>
  buildStream(Array.from({ length: n }, () => ['executive.turn.started'] as const), { sessionId: session }).map((e) => ({ ...e, id: `log-cli-${++ids}` }));

interface Listed {
  readonly store: string;
  readonly sessions: readonly { readonly sessionId: string; readonly events: number; readonly lastSeq: number; readonly firstAt: string; readonly lastAt: string; readonly location: string }[];
}

describe('engram log list and tail: the store settings', () => {
  it('exit 2 for a bad store URL, tenant or session id; 3 naming the URL (no password) when the server cannot be reached', () => {
    expect(runCli(['log', 'list'], { ENGRAM_STORE: 'mysql://u@127.0.0.1:1/db' }).status).toBe(2);
    const tenant = runCli(['log', 'tail', A, '--store', 'postgres://u@127.0.0.1:1/db', '--tenant', '../x']);
    expect(tenant.status).toBe(2);
    expect(tenant.stderr).toContain('--tenant');
    expect(runCli(['log', 'tail', '../etc/passwd', '--store', 'postgres://u@127.0.0.1:1/db']).status).toBe(2);
    const down = runCli(['log', 'list', '--store', 'postgres://engram:hunter2@127.0.0.1:1/engram']);
    expect(down.status).toBe(3);
    expect(down.stderr).toContain('127.0.0.1:1');
    expect(down.stderr).not.toContain('hunter2');
    expect(runCli(['log', 'tail', A, '-f'], { ENGRAM_STORE: 'postgres://u@127.0.0.1:1/db' }).status).toBe(3);
  });

  it('log list on the files lists the session logs of the project and the home with counts and times', () => {
    const home = join(root, 'files-home');
    const project = join(root, 'files-project');
    mkdirSync(join(project, '.engram', 'events'), { recursive: true });
    writeFileSync(join(project, '.engram', 'events', `${A}.jsonl`), turns(A, 3).map((e) => `${JSON.stringify(e)}\n`).join(''));
    const r = runCli(['log', 'list', '--json', '--home', home, '--project', project], { ENGRAM_STORE: '' });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as Listed;
    expect(out.store).toBe('files');
    expect(out.sessions).toEqual([expect.objectContaining({ sessionId: A, events: 3, lastSeq: 3, location: join(project, '.engram', 'events', `${A}.jsonl`) })]);
  });
});

describe.skipIf(!started.ok)(`engram log list and tail on PostgreSQL${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('log list on a database never migrated brings the schema up and lists nothing, exit 0 (not a missing table)', () => {
    if (!started.ok) return;
    const fresh = started.pg.createDatabase('log_cli_fresh');
    const r = runCli(['log', 'list', '--json', '--store', fresh, '--home', join(root, 'fresh-home')]);
    expect(r.status, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Listed).sessions).toEqual([]);
  });

  it("log list shows the tenant's sessions with counts and times, and no other tenant's; log tail prints the last N", { timeout: 60_000 }, async () => {
    const db = await openPostgres({ url, tenant: 'team-a' });
    const other = await openPostgres({ url, tenant: 'team-b' });
    try {
      await appendEvents(db, A, turns(A, 5));
      await appendEvents(db, B, turns(B, 2));
      await appendEvents(other, '20261124_121500_ef56', turns('20261124_121500_ef56', 1));
    } finally {
      await db.close();
      await other.close();
    }
    const env = { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-a' };
    const r = runCli(['log', 'list', '--json'], env);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as Listed;
    expect(out.store).toBe('postgres');
    expect(out.sessions.map((s) => [s.sessionId, s.events, s.lastSeq, s.location])).toEqual([
      [A, 5, 5, `postgres:team-a/events/${A}`],
      [B, 2, 2, `postgres:team-a/events/${B}`],
    ]);
    const first = out.sessions[0]!;
    expect(Date.parse(first.lastAt) - Date.parse(first.firstAt)).toBe(4000);
    const text = runCli(['log', 'list', '--store', url, '--tenant', 'team-a']);
    expect(text.stdout.split('\n')[0]).toContain(`${A}       5 events`);

    const tail = runCli(['log', 'tail', A, '-n', '2', '--json'], env);
    expect(tail.status, tail.stderr).toBe(0);
    expect(tail.stdout.trim().split('\n').map((l) => (JSON.parse(l) as AnyEnvelope).seq)).toEqual([4, 5]);
    const missing = runCli(['log', 'tail', A], { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-c' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`no events of session ${A}`);
  });

  it('log tail --follow prints events another process appends, woken by LISTEN, and stops on SIGINT', { timeout: 60_000 }, async () => {
    const S = '20261124_131500_aa11';
    const db = await openPostgres({ url, tenant: 'follow' });
    try {
      await appendEvents(db, S, turns(S, 3));
      const child = spawn(process.execPath, [BIN, 'log', 'tail', S, '-n', '1', '--follow', '--json'], { cwd: ROOT, env: { ...process.env, ENGRAM_STORE: url, ENGRAM_TENANT: 'follow' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const seqs = () => stdout.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as AnyEnvelope).seq);
      /** Waits (bounded) until the child has printed `n` events. */
      const printed = async (n: number) => {
        for (let i = 0; i < 200 && seqs().length < n; i++) await new Promise((r) => setTimeout(r, 50));
        expect(seqs().length, stderr).toBe(n);
      };
      await printed(1);
      expect(seqs()).toEqual([3]);
      await appendEvents(db, S, turns(S, 2));
      await printed(3);
      await appendEvents(db, S, turns(S, 1));
      await printed(4);
      expect(seqs()).toEqual([3, 4, 5, 6]);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(stderr).toBe('');
    } finally {
      await db.close();
    }
  });
});
