/**
 * The share of an item's score each of its neighbours gains. In a conversation the words of a
 * question are often split between two turns (one asks, the next answers), so a turn next to a
 * strong match is likely part of the answer; at one half, a neighbour ranks below a hit that
 * matched as well as it did but above weak matches elsewhere.
 */
const NEIGHBOUR_SHARE = 0.5;

/**
 * Scores with each matched item's neighbours raised by `NEIGHBOUR_SHARE` of its score (from the
 * matched items' own scores only: a share never spreads further). `neighbours(i)` lists the items
 * told next to item i (the turns before and after it in one sitting). Pure; a new map.
 */
export const spreadToNeighbours = (scores: ReadonlyMap<number, number>, neighbours: (item: number) => readonly number[]): Map<number, number> => {
  const out = new Map(scores);
  for (const [item, score] of scores) for (const n of neighbours(item)) if (n !== item) out.set(n, (out.get(n) ?? 0) + NEIGHBOUR_SHARE * score);
  return out;
};
