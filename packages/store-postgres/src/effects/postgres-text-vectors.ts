import { bytesVector, vectorBytes } from '@engram/kernel';
import type { TextVectorCache } from '@engram/hippocampus';
import { ownTenant } from '../own-tenant.js';
import type { PostgresDb } from './open-postgres.js';

/** Texts' vectors in PostgreSQL (migration 17, `engram_text_vectors`), the tenant's own rows by row-level security. */
export class PostgresTextVectors implements TextVectorCache {
  readonly location: string;

  constructor(private readonly db: PostgresDb) {
    this.location = `postgres:${db.tenant}/text-vectors`;
  }

  async get(model: string, hashes: readonly string[]): Promise<ReadonlyMap<string, Float32Array>> {
    if (hashes.length === 0) return new Map();
    const r = await this.db.pool.query<{ hash: string; vec: Buffer }>(`SELECT hash, vec FROM engram_text_vectors WHERE ${ownTenant()} AND model = $1 AND hash = ANY($2::text[])`, [model, hashes]);
    return new Map(r.rows.map((row) => [row.hash, bytesVector(row.vec)]));
  }

  async put(model: string, rows: readonly { readonly hash: string; readonly vec: Float32Array }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.pool.query(
      `INSERT INTO engram_text_vectors (model, hash, vec) SELECT $1, h, v FROM unnest($2::text[], $3::bytea[]) AS i(h, v) ON CONFLICT (tenant, model, hash) DO UPDATE SET vec = excluded.vec`,
      [model, rows.map((r) => r.hash), rows.map((r) => Buffer.from(vectorBytes(r.vec)))],
    );
  }

  async count(model: string): Promise<number> {
    const r = await this.db.pool.query<{ n: string }>(`SELECT count(*)::text AS n FROM engram_text_vectors WHERE ${ownTenant()} AND model = $1`, [model]);
    return Number(r.rows[0]?.n ?? 0);
  }
}
