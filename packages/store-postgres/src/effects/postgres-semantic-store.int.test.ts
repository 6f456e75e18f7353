import { semanticStoreContract } from '@engram/kernel/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../testing/effects/start-test-postgres.js';
import { openPostgres, type PostgresDb } from './open-postgres.js';
import { PostgresSemanticStore } from './postgres-semantic-store.js';

const started = await startTestPostgres();
let url = '';
if (started.ok) url = started.pg.createDatabase('memory_suite');
afterAll(() => (started.ok ? started.pg.stop() : undefined));
let tenants = 0;
const freshTenant = () => `m${++tenants}`;
const PROJECT = 'proj-0001-abcd';
/** Bounded wait for something another connection causes (a wake-up); polls the condition only, never the database. */
const WAIT_MS = 5_000;

const until = async (what: string, ok: () => Promise<boolean>): Promise<void> => {
  const end = Date.now() + WAIT_MS;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe.skipIf(!started.ok)(`PostgreSQL semantic memory${started.ok ? '' : ` (skipped: ${started.reason})`}`, () => {
  semanticStoreContract('postgres', async () => {
    const db = await openPostgres({ url, tenant: freshTenant() });
    const stores: PostgresSemanticStore[] = [];
    return {
      open: (scope) => {
        const s = new PostgresSemanticStore({ db, scope, projectId: PROJECT });
        stores.push(s);
        return s;
      },
      close: async () => {
        for (const s of stores) s.close();
        await db.close();
      },
    };
  });

  const using = async (dbs: PostgresDb[], stores: PostgresSemanticStore[], f: () => Promise<void>): Promise<void> => {
    try {
      await f();
    } finally {
      for (const s of stores) s.close();
      for (const db of dbs) await db.close();
    }
  };

  it('keeps tenants apart: the same scope of another tenant is empty, and rows of another tenant cannot be written', async () => {
    const a = await openPostgres({ url, tenant: 'acme' });
    const b = await openPostgres({ url, tenant: 'globex' });
    const sa = new PostgresSemanticStore({ db: a, scope: 'global' });
    const sb = new PostgresSemanticStore({ db: b, scope: 'global' });
    await using([a, b], [sa, sb], async () => {
      await sa.encode([{ text: 'acme secret sauce recipe', kind: 'lesson' }]);
      expect((await sb.read()).lessons).toEqual([]);
      expect((await sb.encode([{ text: 'acme secret sauce recipe', kind: 'lesson' }]))[0]?.outcome).toBe('added');
      expect((await b.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM engram_memory')).rows[0]?.n).toBe(1);
      await expect(
        b.pool.query(
          "INSERT INTO engram_memory (tenant, scope_key, id, file, kind, text, dedupe_key) VALUES ('acme', 'global', 'x', 'lessons', 'lesson', 'forged', sha256(convert_to('forged', 'UTF8')))",
        ),
      ).rejects.toThrow(/row-level security/);
      expect((await b.pool.query("DELETE FROM engram_memory WHERE tenant = 'acme'")).rowCount).toBe(0);
      expect((await sa.read()).lessons).toHaveLength(1);
    });
  });

  it('keys project memory by the project id: two hosts with the same id share it, another project sees nothing', async () => {
    const tenant = freshTenant();
    const [a, b] = await Promise.all([openPostgres({ url, tenant }), openPostgres({ url, tenant })]);
    const onA = new PostgresSemanticStore({ db: a, scope: 'project', projectId: PROJECT });
    const onB = new PostgresSemanticStore({ db: b, scope: 'project', projectId: PROJECT });
    const other = new PostgresSemanticStore({ db: b, scope: 'project', projectId: 'other-project-1' });
    await using([a, b], [onA, onB, other], async () => {
      await onA.encode([{ text: 'the build needs node 20', kind: 'always' }]);
      expect((await onB.read()).rules.map((e) => e.text)).toEqual(['the build needs node 20']);
      expect((await other.read()).rules).toEqual([]);
      expect(() => new PostgresSemanticStore({ db: a, scope: 'project', projectId: '../x' })).toThrow(/project's id/);
    });
  });

  it("serves reads from a snapshot until a wake-up: host B's next read has the lesson host A encoded, and no write means no query", async () => {
    const tenant = freshTenant();
    const [a, b] = await Promise.all([openPostgres({ url, tenant }), openPostgres({ url, tenant })]);
    const hostA = new PostgresSemanticStore({ db: a, scope: 'global' });
    const hostB = new PostgresSemanticStore({ db: b, scope: 'global' });
    await using([a, b], [hostA, hostB], async () => {
      const first = await hostB.read();
      expect(first.lessons).toEqual([]);
      // Unchanged memory: the same snapshot object, and no query reaches the server.
      let queries = 0;
      const query = b.pool.query.bind(b.pool);
      b.pool.query = ((...args: Parameters<typeof query>) => {
        queries++;
        return query(...args);
      }) as typeof b.pool.query;
      expect(await hostB.read()).toBe(first);
      expect(await hostB.read()).toBe(first);
      expect(queries).toBe(0);
      let changes = 0;
      const off = hostB.onChange(() => changes++);
      await hostA.encode([{ text: 'CoinGecko rate-limits at 50 req/min', kind: 'lesson' }]);
      await until('the wake-up to reach host B', () => Promise.resolve(changes > 0));
      off();
      expect(queries).toBe(0);
      expect(await hostB.read()).not.toBe(first);
      expect((await hostB.read()).lessons.map((e) => e.text)).toEqual(['CoinGecko rate-limits at 50 req/min']);
      expect(queries).toBeGreaterThan(0);
      // Updates and removes on A reach B too (a remove makes B read the whole scope again).
      const id = (await hostA.read()).lessons[0]?.id ?? '';
      await hostA.update(id, 'CoinGecko rate-limits at 30 req/min');
      await until('the update on host B', async () => (await hostB.read()).lessons[0]?.text === 'CoinGecko rate-limits at 30 req/min');
      await hostA.encode([{ text: 'Never print a whole dataframe', kind: 'never' }]);
      await until('the rule on host B', async () => (await hostB.read()).rules.length === 1);
      await hostA.remove(id);
      await until('the removal on host B', async () => (await hostB.read()).lessons.length === 0);
      expect((await hostB.read()).rules.map((e) => e.text)).toEqual(['Never print a whole dataframe']);
      // A write to another scope wakes nobody here.
      const settled = await hostB.read();
      const project = new PostgresSemanticStore({ db: a, scope: 'project', projectId: PROJECT });
      await project.encode([{ text: 'project only', kind: 'lesson' }]);
      project.close();
      await new Promise((r) => setTimeout(r, 100));
      expect(await hostB.read()).toBe(settled);
    });
  });

  it('reads afresh while wake-ups cannot flow (the listening connection was killed), and caches again once it listens', async () => {
    const tenant = freshTenant();
    const [a, b] = await Promise.all([openPostgres({ url, tenant }), openPostgres({ url, tenant })]);
    const hostA = new PostgresSemanticStore({ db: a, scope: 'global' });
    const hostB = new PostgresSemanticStore({ db: b, scope: 'global' });
    await using([a, b], [hostA, hostB], async () => {
      await hostB.read();
      // Kill host B's listening connection from the server side.
      await a.pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()");
      await hostA.encode([{ text: 'written while B was deaf', kind: 'lesson' }]);
      await until('host B to see the lesson', async () => (await hostB.read()).lessons.length === 1);
      await until('host B to listen again', async () => {
        const s = await hostB.read();
        return (await hostB.read()) === s;
      });
      await hostA.encode([{ text: 'written after B listened again', kind: 'lesson' }]);
      await until('the second lesson', async () => (await hostB.read()).lessons.length === 2);
    });
  });

  it('never deadlocks: two hosts encoding the same texts in opposite orders both finish, each text stored once', async () => {
    const tenant = freshTenant();
    const [a, b] = await Promise.all([openPostgres({ url, tenant }), openPostgres({ url, tenant })]);
    const sa = new PostgresSemanticStore({ db: a, scope: 'global' });
    const sb = new PostgresSemanticStore({ db: b, scope: 'global' });
    await using([a, b], [sa, sb], async () => {
      const texts = Array.from({ length: 40 }, (_, i) => `shared lesson ${i}`);
      const batches = await Promise.all([
        sa.encode(texts.map((text) => ({ text, kind: 'lesson' as const }))),
        sb.encode([...texts].reverse().map((text) => ({ text, kind: 'lesson' as const }))),
      ]);
      const added = batches.flat().filter((r) => r.outcome === 'added');
      expect(added).toHaveLength(40);
      expect((await sa.read()).lessons.map((e) => e.text).sort()).toEqual([...texts].sort());
    });
  });
});
