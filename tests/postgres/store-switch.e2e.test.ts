import { openPostgres } from '@engram/store-postgres';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));

interface DemoJson {
  readonly sessions: readonly { readonly failures: number; readonly eventLog: string }[];
  readonly memoryHome: string;
  readonly store: string;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));

describe('engram demo --store: settings', () => {
  it('exits 2 naming the setting for a store URL that is not PostgreSQL, and 3 naming the URL when the server cannot be reached', () => {
    const bad = runCli(['demo', '--json', '--home', mkdtempSync(join(tmpdir(), 'engram-switch-bad-'))], { ENGRAM_STORE: 'mysql://u@127.0.0.1:1/db' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('ENGRAM_STORE');
    // Port 1 on the loopback: nothing listens, the connection is refused at once.
    const down = runCli(['demo', '--json', '--store', 'postgres://engram:hunter2@127.0.0.1:1/engram', '--home', mkdtempSync(join(tmpdir(), 'engram-switch-down-'))]);
    expect(down.status).toBe(3);
    expect(down.stderr).toContain('127.0.0.1:1');
    expect(down.stderr).not.toContain('hunter2');
  });
});

describe.skipIf(!started.ok)(`engram demo with ENGRAM_STORE${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('learns in session 1 and fails less in session 2, with the log, memory and recipes in PostgreSQL and none of it in the home folder', { timeout: 180_000 }, async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('demo_switch');
    const home = mkdtempSync(join(tmpdir(), 'engram-switch-demo-'));
    const r = runCli(['demo', '--json', '--home', home], { ENGRAM_STORE: url, ENGRAM_TENANT: 'team-a' });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as DemoJson;
    expect(out.store).toBe('postgres');
    const [first, second] = out.sessions;
    expect(first!.failures).toBeGreaterThan(0);
    expect(second!.failures).toBeLessThan(first!.failures);
    expect(first!.eventLog).toMatch(/^postgres:team-a\/events\//);

    const db = await openPostgres({ url, tenant: 'team-a' });
    try {
      const count = async (sql: string) => (await db.pool.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
      const sessionId = first!.eventLog.split('/').at(-1)!;
      expect(await count(`SELECT count(*)::int AS n FROM engram_events WHERE session_id = '${sessionId}'`)).toBeGreaterThan(10);
      expect(await count('SELECT count(DISTINCT session_id)::int AS n FROM engram_events')).toBe(2);
      // Dense per-session order and no event twice.
      expect(await count('SELECT count(*)::int AS n FROM (SELECT session_id FROM engram_events GROUP BY session_id HAVING max(seq) <> count(*)) AS gaps')).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM engram_memory')).toBeGreaterThan(0);
      expect(await count("SELECT count(*)::int AS n FROM engram_memory WHERE scope_key LIKE 'project:%'")).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
    // Another tenant sees none of it.
    const other = await openPostgres({ url, tenant: 'team-b' });
    try {
      expect((await other.pool.query<{ n: number }>('SELECT (SELECT count(*) FROM engram_events) + (SELECT count(*) FROM engram_memory) AS n')).rows[0]?.n).toBe('0');
    } finally {
      await other.close();
    }
    // The home folder holds no log, memory, skill, recipe, instinct or pending file: only the project's id, the demo's data and its episodes (still SQLite's).
    const files = filesUnder(home);
    expect(files.filter((f) => !/^project\/(sales\.csv|\.engram\/project\.json|\.engram\/episodes\/[^/]+\.jsonl|\.engram\/index\/.*)$/.test(f))).toEqual([]);
    expect(existsSync(join(home, 'memory'))).toBe(false);
  });
});
