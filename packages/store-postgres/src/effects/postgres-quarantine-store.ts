import { QUARANTINE_KIND, type QuarantineItem } from '@engram/cortex';
import type { PostgresDb } from './open-postgres.js';
import { PostgresHeldStore } from './postgres-held-store.js';

/** The quarantine of one scope in PostgreSQL: the held store of kind `quarantine`. Only a person ever reads it (never a prompt). */
export class PostgresQuarantineStore extends PostgresHeldStore<QuarantineItem> {
  constructor(db: PostgresDb, scopeKey: string) {
    super(QUARANTINE_KIND, db, scopeKey);
  }
}
