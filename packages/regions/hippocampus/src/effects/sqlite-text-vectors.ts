import type Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { bytesVector, vectorBytes } from '@engram/kernel';
import { makePrivateFile, rootForDir } from '@engram/fs';
import type { TextVectorCache } from '../embeddings/text-meaning.js';
import { openSqlite } from './open-sqlite.js';

const SCHEMA = 'CREATE TABLE IF NOT EXISTS text_vectors (model TEXT NOT NULL, hash TEXT NOT NULL, vec BLOB NOT NULL, PRIMARY KEY (model, hash)) WITHOUT ROWID;';

/**
 * Texts' vectors in a SQLite file (created 0600, a linked file refused, as the episode index is),
 * opened on first use. A cache: deleting the file costs a re-embed, never a memory.
 */
export class SqliteTextVectors implements TextVectorCache {
  readonly location: string;
  private db: Database.Database | null = null;

  constructor(file: string) {
    this.location = file;
  }

  private open(): Database.Database {
    if (this.db !== null) return this.db;
    makePrivateFile(rootForDir(dirname(this.location)), this.location);
    const db = openSqlite(this.location);
    db.pragma('journal_mode = WAL');
    db.exec(SCHEMA);
    this.db = db;
    return db;
  }

  get(model: string, hashes: readonly string[]): Promise<ReadonlyMap<string, Float32Array>> {
    const stmt = this.open().prepare('SELECT vec FROM text_vectors WHERE model = ? AND hash = ?');
    const out = new Map<string, Float32Array>();
    for (const h of hashes) {
      const row = stmt.get(model, h) as { vec: Buffer } | undefined;
      if (row !== undefined) out.set(h, bytesVector(row.vec));
    }
    return Promise.resolve(out);
  }

  put(model: string, rows: readonly { readonly hash: string; readonly vec: Float32Array }[]): Promise<void> {
    const db = this.open();
    const stmt = db.prepare('INSERT OR REPLACE INTO text_vectors (model, hash, vec) VALUES (?, ?, ?)');
    db.transaction(() => {
      for (const r of rows) stmt.run(model, r.hash, vectorBytes(r.vec));
    }).immediate();
    return Promise.resolve();
  }

  count(model: string): Promise<number> {
    return Promise.resolve((this.open().prepare('SELECT count(*) AS n FROM text_vectors WHERE model = ?').get(model) as { n: number }).n);
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}
