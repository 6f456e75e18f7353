import { instinctStoreContract } from '@engram/basal-ganglia/testing';
import { pendingStoreContract } from '@engram/cortex/testing';
import { recipeStoreContract, skillStoreContract } from '@engram/hippocampus/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../testing/effects/start-test-postgres.js';
import { openPostgres, type PostgresDb } from './open-postgres.js';
import { PostgresInstinctStore } from './postgres-instinct-store.js';
import { PostgresPendingStore } from './postgres-pending-store.js';
import { PostgresRecipeStore } from './postgres-recipe-store.js';
import { PostgresSkillStore } from './postgres-skill-store.js';

const started = await startTestPostgres();
let url = '';
if (started.ok) url = started.pg.createDatabase('procedural_suite');
afterAll(() => (started.ok ? started.pg.stop() : undefined));
let tenants = 0;
const SCOPE = 'project:proj-0001-abcd';

/** A fresh tenant per test (an empty store); every `open` is a new store object over one pool, as another host would be over its own. */
const harness = <S>(make: (db: PostgresDb) => S) => async () => {
  const db = await openPostgres({ url, tenant: `p${++tenants}` });
  return { open: () => make(db), close: () => db.close() };
};

describe.skipIf(!started.ok)(`PostgreSQL skills, recipes, instincts and pending queue${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  skillStoreContract('postgres', harness((db) => new PostgresSkillStore(db)));
  recipeStoreContract('postgres', harness((db) => new PostgresRecipeStore(db)));
  instinctStoreContract('postgres', harness((db) => new PostgresInstinctStore(db, SCOPE)));
  pendingStoreContract('postgres', harness((db) => new PostgresPendingStore(db, SCOPE)));

  it('keeps tenants apart in every new table: another tenant sees none of the rows and cannot write them', async () => {
    const a = await openPostgres({ url, tenant: 'acme' });
    const b = await openPostgres({ url, tenant: 'globex' });
    try {
      await new PostgresSkillStore(a).save({ label: 'acme-deploy', description: 'how acme deploys', body: 'secret steps\n' });
      await new PostgresRecipeStore(a).record(
        { recipeId: 'r.acme', trigger: { errorClass: 'encoding', signature: 's', tool: 'Read', target: { exact: 'a.cbl', glob: '*.cbl' } }, steps: [{ tool: 'Read', hint: 'latin-1' }], evidence: { failedToolUseId: 't1', succeededToolUseId: 't2' }, confidence: 0.4 },
        { at: '2026-11-22T03:15:00.000Z', sessionId: 's1' },
      );
      const at = '2026-11-22T03:15:00.000Z';
      const inst = { id: 'i.acme', kind: 'chain' as const, tools: ['A', 'B'], description: 'A then B', status: 'active' as const, confidence: 0.6, frequency: 1, consistency: 1, observations: 3, selfConfirmed: 0, sessions: 2, sessionsInWindow: 2, firstSeen: at, lastSeen: at, updatedAt: at, promotedAt: null, archivedAt: null, archiveReason: null };
      await new PostgresInstinctStore(a, 'global').write({ active: [inst], archived: [], promoted: [], promotable: [] });
      await new PostgresPendingStore(a, 'global').add({ pendingId: 'p-1', proposalId: '1', engram: { text: 'acme only', kind: 'lesson', scope: 'global', confidence: 'high', topic: null, source: 'llm' }, origin: 'acc', queuedAt: at, supersedes: [] });

      expect((await new PostgresSkillStore(b).list()).skills).toEqual([]);
      expect((await new PostgresRecipeStore(b).list()).recipes).toEqual([]);
      expect((await new PostgresInstinctStore(b, 'global').read()).tracked).toEqual([]);
      expect(await new PostgresPendingStore(b, 'global').list()).toEqual([]);
      for (const table of ['engram_skills', 'engram_recipes', 'engram_instincts', 'engram_pending']) {
        expect((await b.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n, table).toBe(0);
        expect((await a.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n, table).toBe(1);
        // Row-level security refuses a row claiming another tenant, and leaves the other tenant's rows out of reach.
        await expect(b.pool.query(`UPDATE ${table} SET tenant = 'globex'`)).resolves.toMatchObject({ rowCount: 0 });
        await expect(b.pool.query(`DELETE FROM ${table}`)).resolves.toMatchObject({ rowCount: 0 });
      }
      await expect(b.pool.query("INSERT INTO engram_skills (tenant, label, description, body, metadata, stats) VALUES ('acme', 'planted', 'd', 'b', '{}', '{}')")).rejects.toThrow(/row-level security/);
      expect((await new PostgresSkillStore(a).list()).skills.map((s) => s.label)).toEqual(['acme-deploy']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
