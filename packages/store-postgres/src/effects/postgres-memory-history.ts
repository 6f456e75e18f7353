import { MemoryHistoryRecordSchema, type MemoryHistoryRecord, type MemoryHistoryStore } from '@engram/hippocampus';
import type { RetiredEntry } from '@engram/kernel';
import type { PostgresDb } from './open-postgres.js';
import { withReconnect } from './with-reconnect.js';
import { ownTenant } from '../own-tenant.js';

/**
 * The retired entries of one scope in PostgreSQL (what `memory/history.jsonl` is on files):
 * appended in one statement per batch, read back in order, removed by entry id only by `forget`.
 * Each record is checked against the file's schema before it is stored, so both backends keep
 * the same fields. No wake-up: nothing that builds a prompt reads the history.
 */
export class PostgresMemoryHistory implements MemoryHistoryStore {
  readonly location: string;

  constructor(
    private readonly db: PostgresDb,
    /** `global` or `project:ID` (`scopeKey`). */
    private readonly scopeKey: string,
  ) {
    this.location = `postgres:${db.tenant}/${scopeKey}/history`;
  }

  async append(records: readonly RetiredEntry[]): Promise<void> {
    if (records.length === 0) return;
    const parsed = records.map((r) => MemoryHistoryRecordSchema.parse(r));
    // Not retried after a lost connection: a second try could keep a retirement twice (the history has no natural key).
    await this.db.pool.query('INSERT INTO engram_history (scope_key, entry_id, record) SELECT $1, r.id, r.rec FROM unnest($2::text[], $3::json[]) WITH ORDINALITY AS r(id, rec, n) ORDER BY r.n', [
      this.scopeKey,
      parsed.map((r) => r.id),
      parsed.map((r) => JSON.stringify(r)),
    ]);
  }

  records(): Promise<readonly MemoryHistoryRecord[]> {
    return withReconnect(async () => (await this.db.pool.query<{ record: MemoryHistoryRecord }>(`SELECT record FROM engram_history WHERE ${ownTenant()} AND scope_key = $1 ORDER BY seq`, [this.scopeKey])).rows.map((r) => r.record));
  }

  async remove(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return withReconnect(async () => (await this.db.pool.query(`DELETE FROM engram_history WHERE ${ownTenant()} AND scope_key = $1 AND entry_id = ANY($2::text[])`, [this.scopeKey, [...ids]])).rowCount ?? 0);
  }
}
