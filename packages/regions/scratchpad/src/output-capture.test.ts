import { describe, expect, it } from 'vitest';
import { OutputCapture, TRUNCATION_REASON, truncateText } from './output-capture.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('OutputCapture', () => {
  it('keeps output under the limit unchanged', () => {
    const c = new OutputCapture(100);
    c.write(bytes('hello '));
    c.write(bytes('world\n'));
    expect(c.result()).toEqual({ text: 'hello world\n', totalBytes: 12, truncated: false });
  });

  it('keeps the head and the tail of long output, with a marker naming the limit and its reason', () => {
    const c = new OutputCapture(10);
    for (let i = 0; i < 100; i++) c.write(bytes(String(i % 10)));
    const r = c.result();
    expect(r.truncated).toBe(true);
    expect(r.totalBytes).toBe(100);
    expect(r.text.startsWith('01234')).toBe(true);
    expect(r.text.endsWith('56789')).toBe(true);
    expect(r.text).toContain('90 bytes truncated');
    expect(r.text).toContain('10-byte per-stream limit');
    expect(r.text).toContain(TRUNCATION_REASON);
  });

  it('handles one huge chunk the same as many small ones', () => {
    const big = 'a'.repeat(50) + 'b'.repeat(1000) + 'c'.repeat(50);
    const one = new OutputCapture(100);
    one.write(bytes(big));
    const many = new OutputCapture(100);
    for (const ch of big) many.write(bytes(ch));
    expect(one.result()).toEqual(many.result());
    expect(one.result().text.startsWith('a'.repeat(50))).toBe(true);
    expect(one.result().text.endsWith('c'.repeat(50))).toBe(true);
  });

  it('never splits a multi-byte character at a cut', () => {
    const c = new OutputCapture(7);
    c.write(bytes('ééééééééééé€€€'));
    const r = c.result();
    expect(r.truncated).toBe(true);
    expect(r.text).not.toContain('\uFFFD');
  });

  it('a zero limit keeps nothing but still counts', () => {
    const c = new OutputCapture(0);
    c.write(bytes('abc'));
    expect(c.result().totalBytes).toBe(3);
    expect(c.result().truncated).toBe(true);
  });

  it('refuses a bad limit', () => {
    expect(() => new OutputCapture(-1)).toThrow(RangeError);
  });

  it('truncateText cuts an error text the same way', () => {
    expect(truncateText('short', 10)).toEqual({ text: 'short', totalBytes: 5, truncated: false });
    expect(truncateText('x'.repeat(50), 10).truncated).toBe(true);
  });
});
