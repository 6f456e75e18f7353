import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { jsonEqual } from './json-equal.js';

/** Values as the log and the cores hold them, plus what JSON treats specially (undefined, NaN, a Date, a toJSON). */
const leaf = fc.oneof(
  { weight: 6, arbitrary: fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -3, max: 3 }), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, -0, 0.5) },
  { weight: 1, arbitrary: fc.constantFrom(new Date(0), { toJSON: () => 'x' }, { toJSON: () => undefined }, new Map([[1, 2]])) },
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'c', 'toJSON'), tie('value'), { maxKeys: 3 })),
}));

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v) as object | null);

/** The same value with every object's keys in reverse order: JSON-equal by definition. */
const reordered = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(reordered);
  if (!isRecord(v) || typeof v.toJSON === 'function') return v;
  return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reordered(x)]));
};

/** A small edit somewhere inside: a changed leaf, a dropped or an added key. */
const edited = (v: unknown, pick: number): unknown => {
  if (Array.isArray(v)) return v.length === 0 ? [null] : (v as unknown[]).map((x, i) => (i === pick % v.length ? edited(x, pick >> 1) : x));
  if (isRecord(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0 || pick % 3 === 0) return { ...v, z: pick };
    const k = keys[pick % keys.length] as string;
    return pick % 3 === 1 ? Object.fromEntries(Object.entries(v).filter(([x]) => x !== k)) : { ...v, [k]: edited(v[k], pick >> 1) };
  }
  return typeof v === 'number' ? v + 1 : typeof v === 'string' ? `${v}!` : 'edited';
};

const sameAsCanonical = (a: unknown, b: unknown): void => {
  expect(jsonEqual(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
  expect(jsonEqual(b, a)).toBe(canonicalJson(a) === canonicalJson(b));
};

describe('jsonEqual', () => {
  it('agrees with comparing canonicalJson, for equal, reordered, edited and unrelated values', () => {
    fc.assert(
      fc.property(value, value, fc.nat(), (a, b, pick) => {
        sameAsCanonical(a, reordered(a));
        sameAsCanonical(a, edited(a, pick));
        sameAsCanonical(reordered(a), edited(a, pick));
        sameAsCanonical(a, b);
      }),
      { numRuns: 2000 },
    );
  });

  it('ignores key order and undefined members, and tells a changed field apart', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 'x', d: undefined }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'y' }] })).toBe(false);
    expect(jsonEqual([undefined], [null])).toBe(true);
    expect(jsonEqual({ a: undefined }, { a: null })).toBe(false);
    expect(jsonEqual({ d: { toJSON: () => undefined } }, {})).toBe(true);
    expect(jsonEqual({ d: { toJSON: () => undefined }, a: 1 }, { d: undefined, a: 1 })).toBe(true);
    expect(jsonEqual(new Date(0), '1970-01-01T00:00:00.000Z')).toBe(true);
  });
});
