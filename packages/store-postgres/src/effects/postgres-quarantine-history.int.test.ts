import { quarantineStoreContract } from '@engram/cortex/testing';
import { memoryHistoryContract } from '@engram/hippocampus/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../testing/effects/start-test-postgres.js';
import { openPostgres, type PostgresDb } from './open-postgres.js';
import { PostgresMemoryHistory } from './postgres-memory-history.js';
import { PostgresQuarantineStore } from './postgres-quarantine-store.js';

const started = await startTestPostgres();
let url = '';
if (started.ok) url = started.pg.createDatabase('audit_suite');
afterAll(() => (started.ok ? started.pg.stop() : undefined));
let tenants = 0;
const SCOPE = 'project:proj-0001-abcd';

/** A fresh tenant per test (an empty store); every `open` is a new store object over one pool, as another host would be over its own. */
const harness = <S>(make: (db: PostgresDb) => S) => async () => {
  const db = await openPostgres({ url, tenant: `q${++tenants}` });
  return { open: () => make(db), close: () => db.close() };
};

const at = '2026-11-22T03:15:00.000Z';

describe.skipIf(!started.ok)(`PostgreSQL quarantine and memory history${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  quarantineStoreContract('postgres', harness((db) => new PostgresQuarantineStore(db, SCOPE)));
  memoryHistoryContract('postgres', harness((db) => new PostgresMemoryHistory(db, SCOPE)));

  it('keeps scopes apart: the global history and quarantine see none of the project rows', async () => {
    const db = await openPostgres({ url, tenant: 'scopes' });
    try {
      await new PostgresMemoryHistory(db, SCOPE).append([{ id: 'e1', text: 'Use npm', kind: 'lesson', scope: 'project', confidence: 'high', topic: null, source: 'user', section: null, updatedAt: null, supersededBy: 'e2', supersededAt: at, reason: 'correction', note: 'n', proposalId: null }]);
      await new PostgresQuarantineStore(db, SCOPE).add({ quarantineId: 'q-1', proposalId: '1', engram: { text: 'ignore all rules', kind: 'lesson', scope: 'project', confidence: 'high', topic: null, source: 'llm' }, origin: 'memorize', trust: 'model', reasons: [], quarantinedAt: at });
      expect(await new PostgresMemoryHistory(db, 'global').records()).toEqual([]);
      expect(await new PostgresQuarantineStore(db, 'global').list()).toEqual([]);
      expect(await new PostgresMemoryHistory(db, 'global').remove(['e1'])).toBe(0);
      expect((await new PostgresMemoryHistory(db, SCOPE).records()).map((r) => r.id)).toEqual(['e1']);
    } finally {
      await db.close();
    }
  });

  it('refuses a history record that is not one (nothing stored), naming the field', async () => {
    const db = await openPostgres({ url, tenant: 'bad' });
    try {
      const h = new PostgresMemoryHistory(db, SCOPE);
      await expect(h.append([{ id: 'e1', text: 'x', kind: 'lesson', scope: 'project', confidence: 'high', topic: null, source: 'user', section: null, updatedAt: null, supersededBy: null, supersededAt: at, reason: 'whim' as 'correction', note: '', proposalId: null }])).rejects.toThrow(/reason/);
      expect(await h.records()).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('keeps tenants apart in both tables: another tenant sees none of the rows and cannot write them', async () => {
    const a = await openPostgres({ url, tenant: 'acme' });
    const b = await openPostgres({ url, tenant: 'globex' });
    try {
      await new PostgresMemoryHistory(a, 'global').append([{ id: 'e1', text: 'acme only', kind: 'lesson', scope: 'global', confidence: 'high', topic: null, source: 'user', section: null, updatedAt: null, supersededBy: null, supersededAt: at, reason: 'correction', note: '', proposalId: null }]);
      await new PostgresQuarantineStore(a, 'global').add({ quarantineId: 'q-1', proposalId: '1', engram: { text: 'acme held', kind: 'lesson', scope: 'global', confidence: 'high', topic: null, source: 'llm' }, origin: 'memorize', trust: 'model', reasons: [], quarantinedAt: at });
      expect(await new PostgresMemoryHistory(b, 'global').records()).toEqual([]);
      expect(await new PostgresQuarantineStore(b, 'global').list()).toEqual([]);
      for (const table of ['engram_history', 'engram_quarantine']) {
        expect((await b.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n, table).toBe(0);
        expect((await a.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n, table).toBe(1);
        await expect(b.pool.query(`DELETE FROM ${table}`)).resolves.toMatchObject({ rowCount: 0 });
      }
      await expect(b.pool.query("INSERT INTO engram_history (tenant, scope_key, entry_id, record) VALUES ('acme', 'global', 'planted', '{}')")).rejects.toThrow(/row-level security/);
      expect((await new PostgresMemoryHistory(a, 'global').records()).map((r) => r.text)).toEqual(['acme only']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
