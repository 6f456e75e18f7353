/** One change to a list, as property tests draw them: an item added, removed or replaced at a position (taken modulo the list's length). */
export interface ListEdit<T> {
  readonly op: 'add' | 'remove' | 'replace';
  readonly at: number;
  readonly item: T;
}

/** The list after one edit; the other items stay the same objects, as a store that re-reads only what changed keeps them. */
export const applyListEdit = <T>(list: readonly T[], e: ListEdit<T>): T[] => {
  const out = [...list];
  const at = e.at % (list.length + 1);
  if (e.op === 'add') out.splice(at, 0, e.item);
  else if (at < list.length) out.splice(at, 1, ...(e.op === 'replace' ? [e.item] : []));
  return out;
};
