/**
 * `compute` memoised per object: work that depends only on the stored entries is done once per
 * snapshot (a store returns the same arrays while its files are unchanged) or once per entry
 * object (a store that re-reads only what changed keeps the others' objects), so a prompt build
 * only pays for what the message and the change bring.
 */
export const perArray = <K extends object, V>(compute: (k: K) => V): ((k: K) => V) => {
  const memo = new WeakMap<K, V>();
  return (k) => {
    let v = memo.get(k);
    if (v === undefined) {
      v = compute(k);
      memo.set(k, v);
    }
    return v;
  };
};
