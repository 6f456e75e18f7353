/**
 * Reciprocal rank fusion's constant (Cormack, Clarke and Buettcher, SIGIR 2009): an item at rank r
 * of a list gains 1 / (k + r). At 60 the first places of one list do not outweigh an item both
 * lists rank well, which is what fusing words with meaning wants; the paper's value, not tuned here.
 */
export const RRF_K = 60;

/**
 * Reciprocal rank fusion of several rankings (each best first, by item): the sum over the lists of
 * 1 / (k + rank), rank from 1. Uses ranks only, so scores of different scales (BM25, cosine) need
 * no calibration. Pure; an item in no list is absent.
 */
export const fuseRankings = <K>(lists: readonly (readonly K[])[], k = RRF_K): Map<K, number> => {
  const out = new Map<K, number>();
  for (const list of lists) list.forEach((item, i) => out.set(item, (out.get(item) ?? 0) + 1 / (k + i + 1)));
  return out;
};
