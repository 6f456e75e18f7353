import { accProfiles, type AccParams } from '@engram/acc';
import type { Score } from './score.js';
import type { Setting } from './sweep-types.js';

/** How far a setting is from Anton's: fields changed first, then the size of the numeric changes. */
const distanceFromAnton = (s: Setting): [number, number] => {
  let changed = 0;
  let size = 0;
  for (const [field, value] of Object.entries(s) as [keyof AccParams, unknown][]) {
    const anton = accProfiles.anton[field];
    if (JSON.stringify(anton) === JSON.stringify(value)) continue;
    changed += 1;
    if (typeof anton === 'number' && typeof value === 'number') size += Math.abs(value - anton) / anton;
    else size += 1;
  }
  return [changed, size];
};

/**
 * The setting to recommend: best F1; among equal F1, the one closest to Anton's (fewest fields
 * changed, then the smallest change), so a threshold only moves when the evidence says so.
 */
export const recommend = <T extends Score & { readonly params: Setting }>(points: readonly T[]): T => {
  let best: T | undefined;
  for (const p of points) {
    if (best === undefined || p.f1 > best.f1) best = p;
    else if (p.f1 === best.f1) {
      const [pc, ps] = distanceFromAnton(p.params);
      const [bc, bs] = distanceFromAnton(best.params);
      if (pc < bc || (pc === bc && ps < bs)) best = p;
    }
  }
  if (best === undefined) throw new Error('recommend: an empty sweep');
  return best;
};
