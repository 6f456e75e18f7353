// engram chat honours the store switch: its conversation goes to PostgreSQL's event log and
// --resume reads it back from there (issue 15's "one switch" for the chat of issue 17).
import { openPostgres } from '@engram/store-postgres';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openChat } from '../chat/open-chat.js';
import { BIN, ROOT } from '../cli/run-cli.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));

const CASSETTE = join(ROOT, 'tests/fixtures/run/answer-42.cassette.json');

/** `engram chat` fed through a pipe, as a script would. */
const chat = (args: readonly string[], input: string, env: NodeJS.ProcessEnv) => {
  const r = spawnSync(process.execPath, [BIN, 'chat', '--llm', `scripted:${CASSETTE}`, ...args], { encoding: 'utf8', input, env: { ...process.env, NO_COLOR: '1', ...env }, cwd: ROOT, timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('engram chat --store: settings', () => {
  it('exits 3 naming the URL (never the password) when the server cannot be reached, 2 for a URL that is not PostgreSQL', () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-chat-pg-down-'));
    const down = chat(['--home', home, '--project', home, '--store', 'postgres://engram:hunter2@127.0.0.1:1/engram'], '/exit\n', {});
    expect(down.status, down.stderr).toBe(3);
    expect(down.stderr).toContain('127.0.0.1:1');
    expect(down.stderr).not.toContain('hunter2');
    const bad = chat(['--home', home, '--project', home], '/exit\n', { ENGRAM_STORE: 'mysql://u@127.0.0.1:1/db' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('ENGRAM_STORE');
  });
});

describe.skipIf(!started.ok)(`engram chat with ENGRAM_STORE${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('keeps the conversation in PostgreSQL (no log file) and resumes it from there', { timeout: 180_000 }, async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('chat_switch');
    const home = mkdtempSync(join(tmpdir(), 'engram-chat-pg-'));
    const env = { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-a' };
    const first = chat(['--home', home, '--project', home], 'What is 6 times 7?\n/exit\n', env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('42');
    const id = /resume with: .*engram\.js chat --resume (\S+)/.exec(first.stderr)?.[1];
    expect(id, first.stderr).toMatch(/^\d{8}_\d{6}_[0-9a-f]{4}$/);
    expect(existsSync(join(home, '.engram', 'events', `${id}.jsonl`))).toBe(false);
    expect(existsSync(join(home, 'events', `${id}.jsonl`))).toBe(false);

    const db = await openPostgres({ url, tenant: 'team-a' });
    try {
      const types = (await db.pool.query<{ type: string }>('SELECT envelope->>\'type\' AS type FROM engram_events WHERE session_id = $1 ORDER BY seq', [id])).rows.map((r) => r.type);
      expect(types[0]).toBe('executive.session.started');
      expect(types).toContain('executive.turn.completed');
      // Left suspended, not ended: --resume must work after any exit.
      expect(types).not.toContain('executive.session.ended');
    } finally {
      await db.close();
    }

    const again = chat(['--home', home, '--project', home, '--resume', id!], 'What is 6 times 7?\n/exit\n', env);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(new RegExp(`resume with: .*engram\\.js chat --resume ${id!} `));
    const after = await openPostgres({ url, tenant: 'team-a' });
    try {
      const types = (await after.pool.query<{ type: string }>('SELECT envelope->>\'type\' AS type FROM engram_events WHERE session_id = $1 ORDER BY seq', [id])).rows.map((r) => r.type);
      // One session carried on: started once, a second turn appended to the same log.
      expect(types.filter((t) => t === 'executive.session.started')).toHaveLength(1);
      expect(types.filter((t) => t === 'executive.turn.completed')).toHaveLength(2);
    } finally {
      await after.close();
    }
    // The slash commands read the chat's store when it comes as flags too, not the files under --home.
    const flags = chat(['--home', home, '--project', home, '--store', url, '--tenant', 'team-b'], '/memory\n/forget old server\n/exit\n', {});
    expect(flags.status, flags.stderr).toBe(0);
    expect(flags.stdout).toMatch(/^global \(postgres:\/\/.* \(tenant team-b\) global\)$/m);
    expect(flags.stdout).not.toContain(join(home, 'memory'));
    expect(flags.stdout).toContain(`to forget it, leave the chat and run: node ${BIN} memory forget --yes --home ${home} --project ${home} --store ${url} --tenant team-b -- 'old server'`);
    const unknown = chat(['--home', home, '--project', home, '--resume', '20200101_000000_abcd'], '/exit\n', env);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no session 20200101_000000_abcd to resume');
  });

  it('holds a session for one chat across hosts: a --resume while another chat has it open exits 2, and works once that one left', { timeout: 180_000 }, async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('chat_lease');
    // Two homes: two machines sharing one server, nothing shared on disk.
    const [homeA, homeB] = [mkdtempSync(join(tmpdir(), 'engram-chat-pg-a-')), mkdtempSync(join(tmpdir(), 'engram-chat-pg-b-'))];
    const env = { ...process.env, NO_COLOR: '1', ENGRAM_STORE: url, ENGRAM_TENANT: 'team-a', ENGRAM_SERVE: '0' };
    const open = await openChat(['--llm', `scripted:${CASSETTE}`, '--home', homeA, '--project', homeA], env, 'What is 6 times 7?', 'The answer is 42.');
    const id = open.sessionId;
    const refused = chat(['--home', homeB, '--project', homeB, '--resume', id], 'What is 6 times 7?\n', { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-a' });
    expect(refused.status, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(`session ${id} is open in another engram chat`);
    open.child.stdin.end();
    expect(await open.exited).toBe(0);
    const carried = chat(['--home', homeB, '--project', homeB, '--resume', id], 'What is 6 times 7?\n', { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-a' });
    expect(carried.status, carried.stderr).toBe(0);
    const db = await openPostgres({ url, tenant: 'team-a' });
    try {
      const turns = (await db.pool.query<{ turn: number }>("SELECT (envelope->>'turn')::int AS turn FROM engram_events WHERE session_id = $1 AND envelope->>'type' = 'executive.turn.started' ORDER BY seq", [id])).rows.map((r) => r.turn);
      expect(turns).toEqual([1, 2]);
    } finally {
      await db.close();
    }
  });
});
