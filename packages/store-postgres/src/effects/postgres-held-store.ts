import { changeHeld, type HeldItem, type HeldKind, type HeldStep, type HeldStore } from '@engram/cortex';
import type { PoolClient } from 'pg';
import type { PostgresDb } from './open-postgres.js';
import { lockedTransaction } from './locked-transaction.js';
import { withReconnect } from './with-reconnect.js';
import { ownTenant } from '../own-tenant.js';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * The held proposals of one kind and scope in PostgreSQL (table `engram_<kind>`, id column
 * `<kind>_id`). Every change is the file backend's: read the items, let the pure `changeHeld`
 * decide, write them back (only when they changed), all under the scope's advisory lock (hosts
 * take turns as processes do on the file's lock), with a `<kind> SCOPE` wake-up in the transaction.
 */
export class PostgresHeldStore<I extends HeldItem> implements HeldStore<I> {
  readonly location: string;
  private readonly table: string;
  private readonly steps: ReturnType<typeof changeHeld<I>>;

  constructor(
    private readonly kind: HeldKind<I>,
    private readonly db: PostgresDb,
    /** `global` or `project:ID` (`scopeKey`). */
    private readonly scopeKey: string,
  ) {
    this.location = `postgres:${db.tenant}/${scopeKey}/${kind.name}`;
    this.table = `engram_${kind.name}`;
    this.steps = changeHeld(kind);
  }

  list(): Promise<readonly I[]> {
    return withReconnect(() => this.read(this.db.pool));
  }

  add(item: I): Promise<I> {
    return this.change(this.steps.add(item));
  }

  take(selectors: readonly string[]): Promise<{ taken: I[]; unknown: string[] }> {
    return this.change(this.steps.take(selectors));
  }

  restore(items: readonly I[]): Promise<void> {
    return this.change(this.steps.restore(items));
  }

  private async read(q: Queryable): Promise<I[]> {
    return (await q.query<{ item: I }>(`SELECT item FROM ${this.table} WHERE ${ownTenant()} AND scope_key = $1 ORDER BY pos`, [this.scopeKey])).rows.map((r) => r.item);
  }

  private change<A>(step: HeldStep<I, A>): Promise<A> {
    const { name } = this.kind;
    return lockedTransaction(this.db, `${name}/${this.scopeKey}`, `${name} ${this.scopeKey}`, async (c) => {
      const before = await this.read(c);
      const { items, result } = step(before);
      const changed = items !== before;
      if (changed) {
        await c.query(`DELETE FROM ${this.table} WHERE ${ownTenant()} AND scope_key = $1`, [this.scopeKey]);
        if (items.length > 0)
          await c.query(`INSERT INTO ${this.table} (scope_key, ${name}_id, pos, item) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::json[])`, [
            this.scopeKey,
            items.map(this.kind.idOf),
            items.map((_, k) => k),
            items.map((i) => JSON.stringify(i)),
          ]);
      }
      return { value: result, changed };
    });
  }
}
