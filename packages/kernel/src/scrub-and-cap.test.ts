import { describe, expect, it } from 'vitest';
import { scrubAndCap } from './scrub-and-cap.js';
import { containsSecret } from './secret-scrubber.js';

describe('scrubAndCap', () => {
  it('leaves a short clean text alone', () => {
    expect(scrubAndCap('hello', 100)).toBe('hello');
  });

  it('keeps head and tail of an oversized text and records the cut', () => {
    const text = `${'a'.repeat(1_000)}${'b'.repeat(1_000_000)}${'c'.repeat(1_000)}`;
    const out = scrubAndCap(text, 10_000);
    expect(out.startsWith('a'.repeat(1_000))).toBe(true);
    expect(out.endsWith('c'.repeat(1_000))).toBe(true);
    expect(out).toMatch(/\[engram: 992000 of 1002000 characters cut here; inputs are capped at 10000\]/);
    expect(out.length).toBeLessThan(10_200);
  });

  it('scrubs a secret that straddles the cut before cutting', () => {
    const key = `-----BEGIN RSA PRIVATE KEY-----\n${'MIIEowIBAAKCAQEAx'.repeat(60)}\n-----END RSA PRIVATE KEY-----`;
    // The BEGIN line lies in the kept head; the block runs past the cut.
    const text = `${'x'.repeat(9_000)}${key}${'y'.repeat(200_000)}`;
    const out = scrubAndCap(text, 10_000);
    expect(out).not.toContain('MIIEowIBAAKCAQEAx');
    expect(containsSecret(out)).toBe(false);
  });

  it('never splits a surrogate pair at a cut', () => {
    const out = scrubAndCap('😀'.repeat(50_000), 1_001);
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});
