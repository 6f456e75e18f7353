/**
 * The share of an item's score each of its neighbours gains. In a conversation the words of a
 * question are often split between two turns (one asks, the next answers), so a turn next to a
 * strong match is likely part of the answer; at one half, a neighbour ranks below a hit that
 * matched as well as it did but above weak matches elsewhere.
 */
const NEIGHBOUR_SHARE = 0.5;

/**
 * The share a turn two steps away gains: each step halves it again. An answer is often a turn or
 * two past the question (a reply, then the detail), and a wider window at a smaller share lifts
 * it without letting a whole sitting outrank a match elsewhere (a quarter was the geometric
 * choice, not a tuned one: docs/recall-bench.md shows 0.1 to 0.4 alike on the tuning part).
 */
const SECOND_NEIGHBOUR_SHARE = NEIGHBOUR_SHARE * NEIGHBOUR_SHARE;

/**
 * Scores with each matched item's neighbours raised by `NEIGHBOUR_SHARE` of its score, and their
 * neighbours (two steps away, the item and its own neighbours aside) by `SECOND_NEIGHBOUR_SHARE`,
 * from the matched items' own scores only: a share never spreads a share. `neighbours(i)` lists
 * the items told next to item i (the turns before and after it in one sitting). Pure; a new map.
 */
export const spreadToNeighbours = (scores: ReadonlyMap<number, number>, neighbours: (item: number) => readonly number[]): Map<number, number> => {
  const out = new Map(scores);
  const add = (item: number, share: number) => out.set(item, (out.get(item) ?? 0) + share);
  for (const [item, score] of scores) {
    const first = neighbours(item).filter((n) => n !== item);
    for (const n of first) add(n, NEIGHBOUR_SHARE * score);
    const second = new Set(first.flatMap(neighbours));
    for (const m of second) if (m !== item && !first.includes(m)) add(m, SECOND_NEIGHBOUR_SHARE * score);
  }
  return out;
};
