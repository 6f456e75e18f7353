/** Shannon entropy of `text` in bits per character: random keys score 4.5-6, words and ids 2-3.5. */
export const shannonEntropy = (text: string): number => {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
};
