/** Cosine similarity of two vectors (0 when either is all zeros or their dimensions differ). */
export const cosine = (a: Float32Array, b: Float32Array): number => {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
};

/**
 * The `limit` items whose vectors are closest to `query` by cosine, best first, similarity above 0
 * only (an orthogonal or opposite vector says nothing about relevance). Ties keep input order.
 * A full scan: the vectors of one home or project, not a web-scale index.
 */
export const nearestVectors = <K>(query: Float32Array, rows: Iterable<readonly [K, Float32Array]>, limit: number): { readonly item: K; readonly score: number }[] => {
  if (limit <= 0) return [];
  const scored: { item: K; score: number; at: number }[] = [];
  let at = 0;
  for (const [item, vec] of rows) {
    const score = cosine(query, vec);
    if (score > 0) scored.push({ item, score, at: at++ });
  }
  scored.sort((a, b) => b.score - a.score || a.at - b.at);
  return scored.slice(0, limit).map(({ item, score }) => ({ item, score }));
};

/** A vector as bytes for a BLOB or bytea column (little-endian float32, the platform's order on every target). */
export const vectorBytes = (v: Float32Array): Uint8Array => new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength));

/** The bytes `vectorBytes` makes of a vector of `dim` numbers: a stored vector's dimension, read off its column's length without reading the vector. */
export const vectorByteLength = (dim: number): number => dim * Float32Array.BYTES_PER_ELEMENT;

/** A vector back from its bytes (copied: the driver's buffer may be reused). */
export const bytesVector = (b: Uint8Array): Float32Array => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength - (b.byteLength % 4)));
