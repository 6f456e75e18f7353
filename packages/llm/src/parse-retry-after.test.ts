import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './parse-retry-after.js';

const headers = (h: Record<string, string>) => (name: string) => h[name];
const NOW = Date.parse('2026-11-22T03:15:00.000Z');

describe('parseRetryAfter', () => {
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '7' }), NOW)).toBe(7000);
    expect(parseRetryAfter(headers({ 'retry-after': '0.25' }), NOW)).toBe(250);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), NOW)).toBe(1500);
    expect(parseRetryAfter(headers({ 'retry-after': 'Sun, 22 Nov 2026 03:15:30 GMT' }), NOW)).toBe(30_000);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(headers({}), NOW)).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }), NOW)).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': '-3' }), NOW)).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': 'Sun, 22 Nov 2026 03:14:00 GMT' }), NOW)).toBe(0);
  });
});
