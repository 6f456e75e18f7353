import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, scrubValue } from './scrub-value.js';

describe('scrubValue', () => {
  it('scrubs string leaves and redacts fields named like secrets', () => {
    const key = 'sk-ant-api03-' + 'a'.repeat(90);
    const out = scrubValue({ headers: { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz123456' }, body: [`token ${key}`], password: 'hunter2', n: 3, ok: true, nil: null });
    const text = JSON.stringify(out);
    expect(text).not.toContain('abcdefghijklmnopqrstuvwxyz123456');
    expect(text).not.toContain(key);
    expect(text).not.toContain('hunter2');
    expect(out).toMatchObject({ n: 3, ok: true, nil: null });
  });

  it('leaves values without secrets unchanged and is idempotent', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const once = scrubValue(v);
        expect(scrubValue(once)).toEqual(once);
      }),
    );
    expect(scrubValue({ path: '/srv/a.csv', rows: [1, 2] })).toEqual({ path: '/srv/a.csv', rows: [1, 2] });
  });

  it('scrubs object keys: a secret used as a key does not survive, and two redacted keys both stay', () => {
    const a = ['gh', 'p_', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('');
    const b = ['gh', 'p_', 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2'].join('');
    const out = scrubValue({ tokens: { [a]: 'first', [b]: 'second' } }) as { tokens: Record<string, string> };
    const text = JSON.stringify(out);
    expect(text).not.toContain(a);
    expect(text).not.toContain(b);
    expect(Object.values(out.tokens).sort()).toEqual(['first', 'second']);
  });

  it('walks a 5,000-deep payload without a stack overflow, keeping a leaf when asked to go that deep', () => {
    let deep: unknown = { leaf: 'password=hunter2-x9', kept: 'result' };
    for (let i = 0; i < 5000; i++) deep = { next: deep };
    let node = scrubValue(deep, { maxDepth: 6000 }) as Record<string, unknown>;
    for (let i = 0; i < 5000; i++) node = node.next as Record<string, unknown>;
    expect(node).toEqual({ leaf: 'password=[REDACTED:secret]', kept: 'result' });
  });

  it('cuts a hostile nesting at MAX_DEPTH with a marker, so the copy still serialises', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 5000; i++) deep = [deep];
    const out = scrubValue({ input: deep });
    const text = JSON.stringify(out);
    expect(text).toContain('[TRUNCATED:depth]');
    expect(text.split('[').length - 1).toBeLessThan(MAX_DEPTH + 5);
  });

  it('keeps a __proto__ key as data and marks a cycle instead of looping', () => {
    const input = JSON.parse('{"__proto__": {"x": 1}, "a": 2}') as Record<string, unknown>;
    const out = scrubValue(input) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    const cyclic: Record<string, unknown> = { name: 'c' };
    cyclic.self = cyclic;
    expect(scrubValue(cyclic)).toEqual({ name: 'c', self: '[CIRCULAR]' });
    const shared = { v: 1 };
    expect(scrubValue({ a: shared, b: [shared] })).toEqual({ a: { v: 1 }, b: [{ v: 1 }] });
  });
});
