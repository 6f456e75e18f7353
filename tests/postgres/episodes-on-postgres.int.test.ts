import { openBrain } from '@engram/runtime';
import { openPostgres } from '@engram/store-postgres';
import { startTestPostgres } from '@engram/store-postgres/testing';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));
const url = started.ok ? started.pg.createDatabase('episodes_suite') : '';

/** Every file under a folder, recursively (none when it does not exist). */
const filesUnder = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }) : []);

describe.skipIf(!started.ok)(`sessions' episodes on PostgreSQL${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('a session records its episodes in engram_episodes, and a later session of the project recalls them; no episode file is written', { timeout: 60_000 }, async () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-pg-episodes-'));
    const project = join(home, 'project');
    mkdirSync(project);
    const open = () => openBrain({ home, project, store: url, tenant: 'acme', env: {}, modes: { memory: 'autopilot' } });

    const first = await open();
    const ids: string[] = [];
    try {
      const s = first.session();
      ids.push(s.id);
      s.startTurn('summarise the quarterly CSV export');
      s.toolCalled({ id: 't1', name: 'read_file', input: { path: 'q3-export.csv' } });
      s.toolResulted({ id: 't1', name: 'read_file', ok: true, output: 'region,revenue\nnorth,1200' });
      s.endTurn('The quarterly export shows north at 1200.');
      await s.settled();
      await s.close();
      expect(s.problems()).toEqual([]);
    } finally {
      await first.close();
    }

    const db = await openPostgres({ url, tenant: 'acme' });
    try {
      const rows = await db.pool.query<{ role: string; content: string }>("SELECT role, record->>'content' AS content FROM engram_episodes WHERE session = $1 ORDER BY line", [ids[0]]);
      expect(rows.rows.map((r) => r.role)).toEqual(['user', 'tool_call', 'tool_result', 'assistant']);
      expect(rows.rows[0]?.content).toBe('summarise the quarterly CSV export');
    } finally {
      await db.close();
    }

    const second = await open();
    try {
      const s = second.session();
      const answer = await s.recall({ query: 'quarterly' });
      expect(answer).toContain('(user) summarise the quarterly CSV export');
      expect(answer).toContain('(assistant) The quarterly export shows north at 1200.');
      expect(await s.recall({ query: 'nowhere-to-be-found' })).toBe("No episodes found matching 'nowhere-to-be-found'.");
      expect(await s.recall({ query: 'x', max_results: 0 })).toMatch(/^ERROR: max_results/);
      // The session's own records are written before its recall answers, as the files do.
      s.startTurn('what about the zeppelin report');
      expect(await s.recall({ query: 'zeppelin' })).toContain('(user) what about the zeppelin report');
      s.endTurn('done');
      await s.close();
    } finally {
      await second.close();
    }

    expect(filesUnder(join(project, '.engram', 'episodes'))).toEqual([]);
    expect(filesUnder(join(home, 'episodes'))).toEqual([]);
  });

  it("another tenant's session of the same project recalls none of them", { timeout: 60_000 }, async () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-pg-episodes-'));
    const project = join(home, 'project');
    mkdirSync(project);
    const a = await openBrain({ home, project, store: url, tenant: 'tenant-a', env: {} });
    const b = await openBrain({ home, project, store: url, tenant: 'tenant-b', env: {} });
    try {
      const sa = a.session();
      sa.startTurn('the walrus migration plan');
      sa.endTurn('ok');
      await sa.close();
      const sb = b.session();
      expect(await sb.recall({ query: 'walrus' })).toBe("No episodes found matching 'walrus'.");
      await sb.close();
      const again = a.session();
      expect(await again.recall({ query: 'walrus' })).toContain('the walrus migration plan');
      await again.close();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
