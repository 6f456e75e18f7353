/** Counts per ASCII character, reused: entropy is computed for every candidate value, so it must not allocate. */
const counts = new Int32Array(128);

/** Shannon entropy of `text` in bits per character: random keys score 4.5-6, words and ids 2-3.5. */
export const shannonEntropy = (text: string): number => {
  if (text.length === 0) return 0;
  const other = new Map<number, number>();
  counts.fill(0);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) counts[c] = (counts[c] ?? 0) + 1;
    else other.set(c, (other.get(c) ?? 0) + 1);
  }
  let bits = 0;
  const add = (n: number): void => {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  };
  for (const n of counts) if (n > 0) add(n);
  for (const n of other.values()) add(n);
  return bits;
};
