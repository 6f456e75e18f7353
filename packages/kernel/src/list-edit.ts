/** How one list became another: the items kept at its start and at its end, in place (the ones between were replaced). */
export interface ListEdit {
  readonly head: number;
  readonly tail: number;
}

/**
 * How `to` differs from `from`: the longest run of the same items (the same objects) at the start,
 * then at the end. Null when more than `maxChanged` items changed between them (removed plus
 * added) or more than were kept: then redoing the work for `to` costs about what following the
 * edit would. Costs a pointer comparison per kept item, nothing per changed one.
 */
export const listEdit = (from: readonly unknown[], to: readonly unknown[], maxChanged: number): ListEdit | null => {
  if (Math.abs(from.length - to.length) > maxChanged) return null;
  const shorter = Math.min(from.length, to.length);
  let head = 0;
  while (head < shorter && from[head] === to[head]) head++;
  let tail = 0;
  while (tail < shorter - head && from[from.length - 1 - tail] === to[to.length - 1 - tail]) tail++;
  const changed = from.length + to.length - 2 * (head + tail);
  return changed <= Math.min(maxChanged, head + tail) ? { head, tail } : null;
};
