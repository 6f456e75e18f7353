/**
 * `compute` memoised per object (held weakly): work that depends only on a stored snapshot is done
 * once per snapshot array (a store returns the same arrays while its data is unchanged) or once per
 * entry object (a store that re-reads only what changed keeps the others' objects), so a prompt
 * build or a ranking pays only for what the message and the change bring.
 */
export const perObject = <K extends object, V>(compute: (k: K) => V): ((k: K) => V) => {
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
