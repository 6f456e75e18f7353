import { createHash } from 'node:crypto';
import { cosine, type Embedder, type EntryMeaning } from '@engram/kernel';

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
 * Memory entries' meaning over `embedder`, their vectors kept in `cache` by text: `embed` at write
 * time (the texts without a vector of the model, in the embedder's batches), `rank` when a block or
 * advice is ranked (cosine to the message; what a write could not embed is embedded then). A kept
 * vector whose dimension differs from the message's was made by another model under the same name
 * (a model swapped on the server): it is embedded again, never compared.
 */
export const textMeaning = (embedder: Embedder, cache: TextVectorCache): EntryMeaning => {
  /** The texts' kept vectors, and the texts with none (or one of another dimension than `dim`). */
  const lookUp = async (texts: readonly string[], dim: number | null) => {
    const hashes = texts.map(textHash);
    const have = new Map(await cache.get(embedder.model, hashes));
    const missing = texts.flatMap((text, i) => {
      const v = have.get(hashes[i]!);
      return v !== undefined && (dim === null || v.length === dim) ? [] : [{ text, hash: hashes[i]! }];
    });
    return { hashes, have, missing };
  };
  const keep = async (missing: readonly { readonly text: string; readonly hash: string }[], vecs: readonly Float32Array[], have: Map<string, Float32Array>) => {
    if (missing.length === 0) return;
    const rows = missing.map((m, i) => ({ hash: m.hash, vec: vecs[i] ?? new Float32Array() }));
    await cache.put(embedder.model, rows);
    for (const r of rows) have.set(r.hash, r.vec);
  };
  return {
    async embed(texts) {
      const { have, missing } = await lookUp([...new Set(texts)], null);
      if (missing.length === 0) return 0;
      await keep(missing, await embedder.embed(missing.map((m) => m.text)), have);
      return missing.length;
    },
    async rank(message, entries) {
      const texts = [...new Set(entries.map((e) => e.text))];
      if (texts.length === 0) return new Map();
      const [query] = await embedder.embed([message]);
      if (query === undefined) return new Map();
      const { hashes, have, missing } = await lookUp(texts, query.length);
      if (missing.length > 0) await keep(missing, await embedder.embed(missing.map((m) => m.text)), have);
      const out = new Map<string, number>();
      texts.forEach((t, i) => {
        const v = have.get(hashes[i]!);
        if (v !== undefined && v.length === query.length) out.set(t, cosine(query, v));
      });
      return out;
    },
  };
};
