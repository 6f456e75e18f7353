import { addQuarantined, takeQuarantined, type QuarantineFile, type QuarantineItem, type QuarantinePort } from '@engram/cortex';
import type { PoolClient } from 'pg';
import type { PostgresDb } from './open-postgres.js';
import { lockedTransaction } from './locked-transaction.js';
import { withReconnect } from './with-reconnect.js';
import { ownTenant } from '../own-tenant.js';

type Queryable = Pick<PoolClient, 'query'>;

const readItems = async (q: Queryable, scopeKey: string): Promise<QuarantineItem[]> =>
  (await q.query<{ item: QuarantineItem }>(`SELECT item FROM engram_quarantine WHERE ${ownTenant()} AND scope_key = $1 ORDER BY pos`, [scopeKey])).rows.map((r) => r.item);

/**
 * The quarantine of one scope in PostgreSQL. Every change is the file backend's: read the held
 * items, let the pure `addQuarantined` / `takeQuarantined` decide, write them back, all under the
 * scope's advisory lock (hosts take turns as processes do on the file's lock), with a
 * `quarantine SCOPE` wake-up in the transaction. Only a person ever reads it (never a prompt).
 */
export class PostgresQuarantineStore implements QuarantinePort {
  readonly location: string;

  constructor(
    private readonly db: PostgresDb,
    /** `global` or `project:ID` (`scopeKey`). */
    private readonly scopeKey: string,
  ) {
    this.location = `postgres:${db.tenant}/${scopeKey}/quarantine`;
  }

  list(): Promise<readonly QuarantineItem[]> {
    return withReconnect(() => readItems(this.db.pool, this.scopeKey));
  }

  add(item: QuarantineItem): Promise<QuarantineItem> {
    return this.change((f) => {
      const r = addQuarantined(f, item);
      return { file: r.file, result: r.item };
    });
  }

  take(selectors: readonly string[]): Promise<{ taken: QuarantineItem[]; unknown: string[] }> {
    return this.change((f) => {
      const r = takeQuarantined(f, selectors);
      return { file: r.file, result: { taken: r.taken, unknown: r.unknown } };
    });
  }

  restore(items: readonly QuarantineItem[]): Promise<void> {
    return this.change((f) => ({ file: { ...f, items: [...items.filter((i) => !f.items.some((x) => x.quarantineId === i.quarantineId)), ...f.items] }, result: undefined }));
  }

  /** The held items read, changed by a pure step and written back (only when it changed), under the scope's lock. */
  private change<A>(step: (f: QuarantineFile) => { file: QuarantineFile; result: A }): Promise<A> {
    return lockedTransaction(this.db, `quarantine/${this.scopeKey}`, `quarantine ${this.scopeKey}`, async (c) => {
      const before: QuarantineFile = { version: 1, items: await readItems(c, this.scopeKey) };
      const { file, result } = step(before);
      const changed = file.items.length !== before.items.length || file.items.some((x, k) => x !== before.items[k]);
      if (changed) {
        await c.query(`DELETE FROM engram_quarantine WHERE ${ownTenant()} AND scope_key = $1`, [this.scopeKey]);
        if (file.items.length > 0)
          await c.query('INSERT INTO engram_quarantine (scope_key, quarantine_id, pos, item) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::json[])', [
            this.scopeKey,
            file.items.map((i) => i.quarantineId),
            file.items.map((_, k) => k),
            file.items.map((i) => JSON.stringify(i)),
          ]);
      }
      return { value: result, changed };
    });
  }
}
