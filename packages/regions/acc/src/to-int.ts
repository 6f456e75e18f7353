/**
 * Python's `int(value)` on a detail value: numbers truncate toward zero, booleans are 0/1,
 * strings must spell a whole number (surrounding spaces and `_` separators allowed). Anything
 * else throws, as Anton's `int()` would; the coordinator catches it so one malformed value
 * disables only the detector that read it, never the end-of-turn drain (anton.md §15.4).
 */
export const toInt = (value: unknown): number => {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`cannot convert ${String(value)} to an integer`);
    return Math.trunc(value);
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && /^\s*[+-]?\d+(?:_\d+)*\s*$/.test(value)) return Number.parseInt(value.replace(/_/g, ''), 10);
  throw new TypeError(`cannot convert ${JSON.stringify(value) ?? String(value)} to an integer`);
};
