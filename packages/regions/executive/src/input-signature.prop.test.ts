import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputSignature } from './input-signature.js';

/** Reverses the key order of every object, recursively: the same input written another way. */
const reordered = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(reordered);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>)
      .reverse()
      .map(([k, x]) => [k, reordered(x)]),
  );
};

describe('inputSignature', () => {
  it('is 16 hex characters and ignores key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const sig = inputSignature(v);
        expect(sig).toMatch(/^[0-9a-f]{16}$/);
        expect(inputSignature(reordered(v))).toBe(sig);
      }),
    );
  });

  it('changes when any string value that matters changes', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }).filter((k) => k !== 'description' && k !== '__proto__'), fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''), { minKeys: 1 }), fc.string({ minLength: 1 }), (input, extra) => {
        const [key, value] = Object.entries(input)[0] ?? ['', ''];
        const changed = `${value.trim()}#${extra}`;
        expect(inputSignature({ ...input, [key]: changed })).not.toBe(inputSignature(input));
      }),
    );
  });

  it('keeps paths, numbers and quoted values (what a call is about) but not request ids, timestamps or the description', () => {
    expect(inputSignature({ command: 'cat a.txt' })).not.toBe(inputSignature({ command: 'cat b.txt' }));
    expect(inputSignature({ command: 'sleep 1' })).not.toBe(inputSignature({ command: 'sleep 2' }));
    expect(inputSignature({ command: 'curl -H "X-Id: 3f1c2a9e-1b2c-4d5e-8f90-123456789abc" api' })).toBe(inputSignature({ command: 'curl -H "X-Id: 0a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d" api' }));
    expect(inputSignature({ query: 'since 2026-11-24T10:15:00Z' })).toBe(inputSignature({ query: 'since 2026-11-24T10:16:30.5+01:00' }));
    expect(inputSignature({ command: 'ls', description: 'List' })).toBe(inputSignature({ command: 'ls' }));
    // Only the top level's description is prose about the call; deeper, it is data.
    expect(inputSignature({ issue: { description: 'a' } })).not.toBe(inputSignature({ issue: { description: 'b' } }));
    expect(inputSignature(undefined)).toBe(inputSignature(null));
  });
});
