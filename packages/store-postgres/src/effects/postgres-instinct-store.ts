import type { Instinct, InstinctPlan, InstinctStorePort, InstinctTransactionPort, StoredInstincts } from '@engram/basal-ganglia';
import type { PoolClient } from 'pg';
import { lockedTransaction } from './locked-transaction.js';
import type { PostgresDb } from './open-postgres.js';
import { withReconnect } from './with-reconnect.js';
import { ownTenant } from '../own-tenant.js';

type Queryable = Pick<PoolClient, 'query'>;

const readScope = async (q: Queryable, scopeKey: string): Promise<StoredInstincts> => {
  const r = await q.query<{ instinct: Instinct }>(`SELECT instinct FROM engram_instincts WHERE ${ownTenant()} AND scope_key = $1 ORDER BY id COLLATE "C"`, [scopeKey]);
  const all = r.rows.map((row) => row.instinct);
  return { tracked: all.filter((i) => i.status !== 'archived'), archived: all.filter((i) => i.status === 'archived'), problems: [] };
};

const writePlan = async (q: Queryable, scopeKey: string, plan: InstinctPlan): Promise<void> => {
  const rows = [...plan.active, ...plan.archived];
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO engram_instincts (scope_key, id, status, instinct) SELECT $1, * FROM unnest($2::text[], $3::text[], $4::json[])
     ON CONFLICT (tenant, scope_key, id) DO UPDATE SET status = EXCLUDED.status, instinct = EXCLUDED.instinct, changed_at = now()`,
    [scopeKey, rows.map((i) => i.id), rows.map((i) => i.status), rows.map((i) => JSON.stringify(i))],
  );
};

/**
 * One scope's instincts in PostgreSQL, as the `instincts/` folder keeps them: one row per
 * instinct, its status saying tracked or archived (the generated rules are the promoted rows).
 * `locked` is one transaction under the scope's advisory lock, so a read-analyse-write on one
 * host and one on another take turns; an `instincts SCOPE` wake-up goes out with each write.
 */
export class PostgresInstinctStore implements InstinctStorePort {
  readonly location: string;
  readonly rulesFile: string;

  constructor(
    private readonly db: PostgresDb,
    /** `global` or `project:ID` (`scopeKey`). */
    private readonly scopeKey: string,
  ) {
    this.location = `postgres:${db.tenant}/${scopeKey}/instincts`;
    this.rulesFile = `${this.location}?status=promoted`;
  }

  read(): Promise<StoredInstincts> {
    return withReconnect(() => readScope(this.db.pool, this.scopeKey));
  }

  fileOf(i: Instinct): string {
    return `${this.location}/${i.status === 'archived' ? 'archive/' : ''}${i.id}`;
  }

  locked<T>(fn: (tx: InstinctTransactionPort) => T | Promise<T>): Promise<T> {
    return lockedTransaction(this.db, `instincts/${this.scopeKey}`, `instincts ${this.scopeKey}`, async (c) => {
      let changed = false;
      const value = await fn({
        read: () => readScope(c, this.scopeKey),
        write: async (plan) => {
          await writePlan(c, this.scopeKey, plan);
          changed = true;
        },
      });
      return { value, changed };
    });
  }

  write(plan: InstinctPlan): Promise<void> {
    return this.locked((tx) => tx.write(plan));
  }

  /** Deletes the scope's rows of these ids (a promoted one's rule goes with its row) under the scope's lock. */
  remove(ids: readonly string[]): Promise<readonly string[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return lockedTransaction(this.db, `instincts/${this.scopeKey}`, `instincts ${this.scopeKey}`, async (c) => {
      const r = await c.query<{ id: string }>(`DELETE FROM engram_instincts WHERE ${ownTenant()} AND scope_key = $1 AND id = ANY($2::text[]) RETURNING id`, [this.scopeKey, [...ids]]);
      const removed = r.rows.map((row) => row.id).sort();
      return { value: removed, changed: removed.length > 0 };
    });
  }
}
