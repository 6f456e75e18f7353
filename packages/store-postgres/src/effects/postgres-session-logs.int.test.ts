import type { AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../migrations.js';
import { startTestPostgres } from '../testing/effects/start-test-postgres.js';
import { migrate } from './migrate.js';
import { openPostgres } from './open-postgres.js';
import { readAnalysisState, writeAnalysisState } from './postgres-analysis-state.js';
import { appendEvents, listSessionLogs, listSessions, sessionHolds } from './postgres-event-log.js';

const started = await startTestPostgres();
afterAll(() => (started.ok ? started.pg.stop() : undefined));
let ids = 0;
const stream = (n: number, sessionId: string): AnyEnvelope[] => Array.from({ length: n }, () => ({ ...buildEvent('executive.tool.called', {}, { sessionId }), id: `sl-${++ids}` }));
const S1 = '20261124_101500_aa01';
const S2 = '20261124_111500_aa02';

describe.skipIf(!started.ok)(`session logs on PostgreSQL (migration 12)${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  it('engram_sessions follows every append in its transaction: a retried batch counts once, tenants see only theirs', async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('session_logs');
    const a = await openPostgres({ url, tenant: 'acme' });
    const b = await openPostgres({ url, tenant: 'globex' });
    try {
      const first = stream(5, S1);
      await appendEvents(a, S1, first);
      const [one] = await listSessionLogs(a);
      expect(one).toMatchObject({ sessionId: S1, lastSeq: 5, events: 5 });
      // The same batch again (a retry after a lost commit), then one that repeats part of it.
      await appendEvents(a, S1, first);
      const more = stream(3, S1);
      await appendEvents(a, S1, [...first.slice(3), ...more]);
      const [again] = await listSessionLogs(a);
      expect(again).toMatchObject({ sessionId: S1, lastSeq: 8, events: 8 });
      expect(again!.changedAt).toBeGreaterThanOrEqual(one!.changedAt);
      await appendEvents(a, S2, stream(2, S2));
      expect((await listSessionLogs(a)).map((r) => [r.sessionId, r.lastSeq])).toEqual([
        [S1, 8],
        [S2, 2],
      ]);
      expect(await listSessions(a)).toEqual([S1, S2]);
      expect(await listSessionLogs(b)).toEqual([]);
      expect(await sessionHolds(a, S1, first[0]!.type)).toBe(true);
      expect(await sessionHolds(a, S1, 'hippocampus.engram.encoded')).toBe(false);
      expect(await sessionHolds(b, S1, first[0]!.type)).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a session is its first appender\'s project (migration 14): a project lists its own sessions and those without a project', async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('session_projects');
    const db = await openPostgres({ url, tenant: 'acme' });
    const A = '20261124_120000_pa01';
    const B = '20261124_120100_pb01';
    const NONE = '20261124_120200_pn01';
    try {
      await appendEvents(db, A, stream(2, A), { project: 'project-alpha' });
      // A later batch without a project (a command's record, an older writer) keeps the session's project.
      await appendEvents(db, A, stream(1, A));
      await appendEvents(db, B, stream(2, B), { project: 'project-bravo' });
      await appendEvents(db, NONE, stream(2, NONE));
      const ids = async (project?: string | null) => (await listSessionLogs(db, project === undefined ? {} : { project })).map((r) => r.sessionId);
      expect(await ids('project-alpha')).toEqual([A, NONE]);
      expect(await ids('project-bravo')).toEqual([B, NONE]);
      expect(await ids(null)).toEqual([NONE]);
      expect(await ids()).toEqual([A, B, NONE]);
      // Project ids are checked like every project key: nothing else reaches the column.
      await expect(appendEvents(db, '20261124_120300_px01', stream(1, '20261124_120300_px01'), { project: '../x' })).rejects.toThrow(/check constraint/);
    } finally {
      await db.close();
    }
  });

  it('migration 12 backfills the sessions already stored, every tenant\'s, and keeps row-level security on', async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('session_backfill');
    const before = MIGRATIONS.filter((m) => m.version < 12);
    const setup = await openPostgres({ url, tenant: 'acme', migrate: false });
    try {
      await migrate(setup.pool, before);
      // Rows as an older engram wrote them (no engram_sessions yet), in two tenants.
      for (const [tenant, sessionId, n] of [
        ['acme', S1, 4],
        ['globex', S2, 7],
      ] as const) {
        const rows = stream(n, sessionId);
        // Row-level security binds the tables' owner too: each tenant's rows are written as that tenant.
        const c = await setup.pool.connect();
        try {
          await c.query(`SELECT set_config('engram.tenant', $1, false)`, [tenant]);
          await c.query(
            `INSERT INTO engram_events (session_id, seq, event_id, type, envelope) SELECT $1, n, id, type, env FROM ROWS FROM (unnest($2::text[]), unnest($3::text[]), json_array_elements($4::json)) WITH ORDINALITY AS b(id, type, env, n)`,
            [sessionId, rows.map((e) => e.id), rows.map((e) => e.type), JSON.stringify(rows.map((e, i) => ({ ...e, seq: i + 1 })))],
          );
        } finally {
          await c.query(`SELECT set_config('engram.tenant', 'acme', false)`);
          c.release();
        }
      }
    } finally {
      await setup.close();
    }
    const acme = await openPostgres({ url, tenant: 'acme' });
    const globex = await openPostgres({ url, tenant: 'globex' });
    try {
      expect((await listSessionLogs(acme)).map((r) => [r.sessionId, r.lastSeq, r.events])).toEqual([[S1, 4, 4]]);
      expect((await listSessionLogs(globex)).map((r) => [r.sessionId, r.lastSeq, r.events])).toEqual([[S2, 7, 7]]);
      // The policies are FORCEd again after the backfill: the owner sees its own tenant's rows only.
      const forced = await acme.pool.query<{ relname: string; relforcerowsecurity: boolean }>(
        "SELECT relname, relforcerowsecurity FROM pg_class WHERE relname IN ('engram_events', 'engram_sessions', 'engram_analysis_state') ORDER BY relname",
      );
      expect(forced.rows.map((r) => [r.relname, r.relforcerowsecurity])).toEqual([
        ['engram_analysis_state', true],
        ['engram_events', true],
        ['engram_sessions', true],
      ]);
      // Appends carry on from the backfilled row.
      await appendEvents(acme, S1, stream(2, S1));
      expect((await listSessionLogs(acme)).map((r) => [r.lastSeq, r.events])).toEqual([[6, 6]]);
    } finally {
      await acme.close();
      await globex.close();
    }
  });

  it('keeps one analysis state per tenant and scope, replaced whole', async () => {
    if (!started.ok) return;
    const url = started.pg.createDatabase('analysis_state');
    const a = await openPostgres({ url, tenant: 'acme' });
    const b = await openPostgres({ url, tenant: 'globex' });
    try {
      expect(await readAnalysisState(a, 'global')).toBeNull();
      await writeAnalysisState(a, 'global', 'one\n');
      await writeAnalysisState(a, 'global', 'two\n');
      await writeAnalysisState(a, 'project:abcdefgh12', 'p\n');
      expect(await readAnalysisState(a, 'global')).toBe('two\n');
      expect(await readAnalysisState(a, 'project:abcdefgh12')).toBe('p\n');
      expect(await readAnalysisState(b, 'global')).toBeNull();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
