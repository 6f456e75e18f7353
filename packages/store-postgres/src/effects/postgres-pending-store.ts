import { addPending, takePending, type PendingFile, type PendingItem, type PendingStore } from '@engram/cortex';
import type { PoolClient } from 'pg';
import type { PostgresDb } from './open-postgres.js';
import { lockedTransaction } from './locked-transaction.js';
import { withReconnect } from './with-reconnect.js';
import { ownTenant } from '../own-tenant.js';

type Queryable = Pick<PoolClient, 'query'>;

const readItems = async (q: Queryable, scopeKey: string): Promise<PendingItem[]> =>
  (await q.query<{ item: PendingItem }>(`SELECT item FROM engram_pending WHERE ${ownTenant()} AND scope_key = $1 ORDER BY pos`, [scopeKey])).rows.map((r) => r.item);

/**
 * The pending queue of one scope in PostgreSQL. Every change is the file backend's: read the
 * queue, let the pure `addPending` / `takePending` decide, write it back, all under the scope's
 * advisory lock (so hosts take turns as processes do on the file's lock), with a `pending SCOPE`
 * wake-up in the transaction.
 */
export class PostgresPendingStore implements PendingStore {
  readonly location: string;

  constructor(
    private readonly db: PostgresDb,
    /** `global` or `project:ID` (`scopeKey`). */
    private readonly scopeKey: string,
  ) {
    this.location = `postgres:${db.tenant}/${scopeKey}/pending`;
  }

  list(): Promise<readonly PendingItem[]> {
    return withReconnect(() => readItems(this.db.pool, this.scopeKey));
  }

  add(item: PendingItem): Promise<PendingItem> {
    return this.change((f) => {
      const r = addPending(f, item);
      return { file: r.file, result: r.item };
    });
  }

  take(selectors: readonly string[]): Promise<{ taken: PendingItem[]; unknown: string[] }> {
    return this.change((f) => {
      const r = takePending(f, selectors);
      return { file: r.file, result: { taken: r.taken, unknown: r.unknown } };
    });
  }

  restore(items: readonly PendingItem[]): Promise<void> {
    return this.change((f) => ({ file: { ...f, items: [...items.filter((i) => !f.items.some((x) => x.pendingId === i.pendingId)), ...f.items] }, result: undefined }));
  }

  /** The queue read, changed by a pure step and written back (only when it changed), under the scope's lock. */
  private change<A>(step: (f: PendingFile) => { file: PendingFile; result: A }): Promise<A> {
    return lockedTransaction(this.db, `pending/${this.scopeKey}`, `pending ${this.scopeKey}`, async (c) => {
      const before: PendingFile = { version: 1, items: await readItems(c, this.scopeKey) };
      const { file, result } = step(before);
      const changed = file.items.length !== before.items.length || file.items.some((x, k) => x !== before.items[k]);
      if (changed) {
        await c.query(`DELETE FROM engram_pending WHERE ${ownTenant()} AND scope_key = $1`, [this.scopeKey]);
        if (file.items.length > 0)
          await c.query('INSERT INTO engram_pending (scope_key, pending_id, pos, item) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::json[])', [
            this.scopeKey,
            file.items.map((i) => i.pendingId),
            file.items.map((_, k) => k),
            file.items.map((i) => JSON.stringify(i)),
          ]);
      }
      return { value: result, changed };
    });
  }
}
