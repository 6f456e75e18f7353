import { PENDING_KIND, type PendingItem } from '@engram/cortex';
import type { PostgresDb } from './open-postgres.js';
import { PostgresHeldStore } from './postgres-held-store.js';

/** The pending queue of one scope in PostgreSQL: the held store of kind `pending`. */
export class PostgresPendingStore extends PostgresHeldStore<PendingItem> {
  constructor(db: PostgresDb, scopeKey: string) {
    super(PENDING_KIND, db, scopeKey);
  }
}
