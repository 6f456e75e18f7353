import { canonicalJson } from './canonical-json.js';

/** The answer when a value is not plain JSON data (a Date, a Map, a bigint, a `toJSON`): let `canonicalJson` decide. */
const UNSURE = 2;
type Verdict = boolean | typeof UNSURE;

/** What JSON leaves out of an object, and writes as `null` in an array. */
const isOmitted = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** JSON writes NaN and the infinities as `null`. */
const isJsonNull = (v: unknown): boolean => v === null || (typeof v === 'number' && !Number.isFinite(v));

/** A plain object or array with nothing that changes how JSON writes it. */
const isPlain = (v: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(v);
  if (Array.isArray(v) ? proto !== Array.prototype : proto !== Object.prototype && proto !== null) return false;
  return typeof (v as { toJSON?: unknown }).toJSON !== 'function';
};

/** A value JSON writes in its own way (a bigint throws, a `toJSON` may even drop its key). */
const isExotic = (v: unknown): boolean => typeof v === 'bigint' || (typeof v === 'object' && v !== null && !isPlain(v));

const equalArrays = (a: readonly unknown[], b: readonly unknown[]): Verdict => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    const v = equalValues(isOmitted(x) ? null : x, isOmitted(y) ? null : y);
    if (v !== true) return v;
  }
  return true;
};

/** The keys JSON writes, sorted (the slow path, for keys built in different orders); null when a value is exotic. */
const writtenKeys = (o: Record<string, unknown>): string[] | null => {
  const out: string[] = [];
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (isExotic(v)) return null;
    if (!isOmitted(v)) out.push(k);
  }
  return out.sort();
};

const equalObjects = (a: Record<string, unknown>, b: Record<string, unknown>): Verdict => {
  let ka = Object.keys(a);
  const kb = Object.keys(b);
  let sameOrder = ka.length === kb.length;
  for (let i = 0; sameOrder && i < ka.length; i++) sameOrder = ka[i] === kb[i];
  if (!sameOrder) {
    const wa = writtenKeys(a);
    const wb = writtenKeys(b);
    if (wa === null || wb === null) return UNSURE;
    if (wa.length !== wb.length) return false;
    for (let i = 0; i < wa.length; i++) if (wa[i] !== wb[i]) return false;
    ka = wa;
  }
  for (const k of ka) {
    const x = a[k];
    const y = b[k];
    const ox = isOmitted(x);
    const oy = isOmitted(y);
    // Only one is written, unless a toJSON drops it too.
    if (ox !== oy) return isExotic(ox ? y : x) ? UNSURE : false;
    if (ox) continue;
    const v = equalValues(x, y);
    if (v !== true) return v;
  }
  return true;
};

function equalValues(a: unknown, b: unknown): Verdict {
  if (a === b) return typeof a === 'bigint' ? UNSURE : true;
  if (isExotic(a) || isExotic(b)) return UNSURE;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const arrA = Array.isArray(a);
    if (arrA !== Array.isArray(b)) return false;
    return arrA ? equalArrays(a as unknown[], b as unknown[]) : equalObjects(a as Record<string, unknown>, b as Record<string, unknown>);
  }
  if (isJsonNull(a) && isJsonNull(b)) return true;
  // Two omitted values (undefined, a function) write nothing at all, alike.
  return isOmitted(a) && isOmitted(b);
}

/**
 * Whether two values have the same `canonicalJson`, without writing either: the comparison
 * `--check` makes for every derived event. Plain JSON data (what the log and the cores hold) is
 * compared structurally, key order ignored and omitted members skipped as JSON does; anything
 * JSON would transform (a `toJSON`, a non-plain object, a bigint) falls back to `canonicalJson`.
 */
export const jsonEqual = (a: unknown, b: unknown): boolean => {
  const v = equalValues(a, b);
  return v === UNSURE ? canonicalJson(a) === canonicalJson(b) : v;
};
