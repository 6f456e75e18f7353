import { EnvChoiceError } from '@engram/kernel/env';
import { describe, expect, it } from 'vitest';
import { parseAccMode } from './acc-mode.js';

describe('parseAccMode', () => {
  it('defaults to active', () => expect(parseAccMode(undefined)).toBe('active'));
  it('trims and lower-cases', () => expect(parseAccMode(' Passive ')).toBe('passive'));
  it('refuses an unknown value, naming the variable and the allowed values (Anton silently used active)', () => {
    expect(() => parseAccMode('verbose')).toThrow(EnvChoiceError);
    expect(() => parseAccMode('verbose')).toThrow('ENGRAM_ACC_MODE="verbose" is not allowed: use one of off, passive, active');
  });
});
