import { describe, expect, it } from 'vitest';
import { scrubStrings } from './scrub-strings.js';

const SECRET = ['ghp', '_', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'].join('');

describe('scrubStrings', () => {
  it('redacts a secret in any string of a value, keys included, and leaves the rest as it was', () => {
    const value = { message: `use ${SECRET}`, nested: [{ output: `x ${SECRET} y` }], [SECRET]: 1, inputTokens: 1234, ok: true, none: null };
    const out = scrubStrings(value);
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(out.message).toMatch(/^use \[REDACTED:/);
    expect(out.nested[0]?.output).toMatch(/^x \[REDACTED:[^\]]+\] y$/);
    // A count under a secret-like name is a count: scrubValue would redact it, the view must not.
    expect(out).toMatchObject({ inputTokens: 1234, ok: true, none: null });
    expect(value.message).toBe(`use ${SECRET}`);
  });

  it('cuts nesting deeper than the log writer keeps instead of overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(JSON.stringify(scrubStrings(deep))).toContain('[TRUNCATED:depth]');
  });
});
