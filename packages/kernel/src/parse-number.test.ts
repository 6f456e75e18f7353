import { describe, expect, it } from 'vitest';
import { parseNumber, type NumberSpec } from './parse-number.js';

const days: NumberSpec = { kind: 'integer', min: 1, max: 36_500 };
const scale: NumberSpec = { kind: 'decimal', min: 0, max: 10, minExclusive: true };

describe('parseNumber', () => {
  it.each(['', ' 3', '3 ', '0x10', '1e3', '-1', '+1', '1.5', 'Infinity', 'NaN', '0', '36501', '1_000', '٣', '007'])('refuses %j as whole days', (text) => {
    expect(parseNumber(text, days)).toEqual({ ok: false, expected: 'a whole number from 1 to 36500' });
  });

  it.each([
    ['1', 1],
    ['36500', 36_500],
  ])('reads %j as %d days', (text, value) => {
    expect(parseNumber(text, days)).toEqual({ ok: true, value });
  });

  it('reads decimals only in plain form and honours an exclusive minimum', () => {
    expect(parseNumber('0.01', scale)).toEqual({ ok: true, value: 0.01 });
    expect(parseNumber('0', scale)).toEqual({ ok: false, expected: 'a number above 0 to 10' });
    expect(parseNumber('.5', scale).ok).toBe(false);
    expect(parseNumber('10.5', scale).ok).toBe(false);
  });

  it('refuses integers beyond what a double holds exactly', () => {
    expect(parseNumber('9007199254740993', { kind: 'integer', min: 0, max: Number.MAX_VALUE }).ok).toBe(false);
  });
});
