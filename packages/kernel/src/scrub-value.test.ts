import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrubValue } from './scrub-value.js';

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
});
