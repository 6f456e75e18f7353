import { createHash } from 'node:crypto';
import { cosine, type Embedder } from '@engram/kernel';

/**
 * Where texts' vectors are kept, by the model and the text's SHA-256: a SQLite file beside the
 * episode index (`SqliteTextVectors`) or a PostgreSQL table (migration 17). Keyed by content, so an
 * edited entry gets a new vector, one text in two scopes is embedded once, and a new model misses
 * every key and is embedded afresh (the old model's vectors are never compared with the new).
 */
export interface TextVectorCache {
  readonly location: string;
  get(model: string, hashes: readonly string[]): Promise<ReadonlyMap<string, Float32Array>>;
  put(model: string, rows: readonly { readonly hash: string; readonly vec: Float32Array }[]): Promise<void>;
  /** How many vectors of `model` are kept (`engram memory stats`). */
  count(model: string): Promise<number>;
}

/** The key of a text in a `TextVectorCache`. */
export const textHash = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * How near in meaning each text is to a message: the texts' vectors from `cache`, the missing ones
 * embedded (in the embedder's batches) and kept, then cosine to the message's vector. For the
 * memory block (`Cortex` option `meaning`): entries are embedded the first time a block ranks them.
 */
export const textMeaning =
  (embedder: Embedder, cache: TextVectorCache) =>
  async (message: string, entries: readonly { readonly text: string }[]): Promise<ReadonlyMap<string, number>> => {
    const texts = [...new Set(entries.map((e) => e.text))];
    if (texts.length === 0) return new Map();
    const hashes = texts.map(textHash);
    const have = new Map(await cache.get(embedder.model, hashes));
    const missing = texts.flatMap((t, i) => (have.has(hashes[i]!) ? [] : [{ text: t, hash: hashes[i]! }]));
    const [query, ...made] = await embedder.embed([message, ...missing.map((m) => m.text)]);
    if (missing.length > 0) {
      const rows = missing.map((m, i) => ({ hash: m.hash, vec: made[i] ?? new Float32Array() }));
      await cache.put(embedder.model, rows);
      for (const r of rows) have.set(r.hash, r.vec);
    }
    const out = new Map<string, number>();
    if (query === undefined) return out;
    texts.forEach((t, i) => {
      const v = have.get(hashes[i]!);
      if (v !== undefined) out.set(t, cosine(query, v));
    });
    return out;
  };
