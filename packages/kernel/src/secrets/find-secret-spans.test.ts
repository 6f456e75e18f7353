import { describe, expect, it } from 'vitest';
import { findSecretSpans } from './find-secret-spans.js';

describe('findSecretSpans', () => {
  it('finds a secret deep inside a single 1 MB line (minified JSON), scanning only a window around the keyword', () => {
    const secret = ['Zq8', 'vR2mK', '9tLw4Xp7Nc'].join('');
    const text = `[${'{"a":1},'.repeat(130_000)}{"password":"${secret}"},${'{"b":2},'.repeat(1000)}{}]`;
    const spans = findSecretSpans(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual([secret]);
  });

  it('finds nothing in text without any keyword or key-shaped run', () => {
    expect(findSecretSpans('Traceback (most recent call last):\n  File "x.py", line 3\nValueError: bad input')).toEqual([]);
  });

  it('cuts an earlier scrub\'s marker out of a span instead of dropping the span, so the secret around the marker is still found', () => {
    const secret = ['Zq8', 'vR2mK', '9tLw4Xp7Nc'].join('');
    const text = `password = "${secret}[REDACTED:secret]"`;
    const spans = findSecretSpans(text);
    expect(spans.map((s) => text.slice(s.start, s.end)).join('')).toContain(secret);
    expect(spans.every((s) => !text.slice(s.start, s.end).includes('[REDACTED:'))).toBe(true);
  });
});
