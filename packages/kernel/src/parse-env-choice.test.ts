import { AccModeSchema, MemoryModeSchema } from '@engram/events';
import { describe, expect, it } from 'vitest';
import { checkEngramEnv, ENGRAM_ENV_CHOICES, EnvChoiceError, parseEnvChoice, parseEnvSwitch } from './parse-env-choice.js';

describe('parseEnvChoice', () => {
  it('reads a value trimmed and in any case; unset or empty is the fallback', () => {
    expect(parseEnvChoice('ENGRAM_ACC_MODE', ' Passive ', ['off', 'passive', 'active'], 'active')).toBe('passive');
    expect(parseEnvChoice('ENGRAM_ACC_MODE', undefined, ['off', 'passive', 'active'], 'active')).toBe('active');
    expect(parseEnvChoice('ENGRAM_ACC_MODE', '  ', ['off', 'passive', 'active'], 'active')).toBe('active');
  });

  it('refuses an unknown value, naming the variable, the value and the allowed values', () => {
    expect(() => parseEnvChoice('ENGRAM_ACC_MODE', 'verbose', ['off', 'passive', 'active'], 'active')).toThrow(
      new EnvChoiceError('ENGRAM_ACC_MODE', 'verbose', ['off', 'passive', 'active']),
    );
    expect(() => parseEnvChoice('ENGRAM_ACC_MODE', 'verbose', ['off', 'passive', 'active'], 'active')).toThrow('ENGRAM_ACC_MODE="verbose" is not allowed: use one of off, passive, active');
    expect(() => parseEnvChoice('ENGRAM_ACC_MODE', 'verbose', ['off', 'passive', 'active'], 'active')).toThrow(
      expect.objectContaining({ _tag: 'EnvChoiceError', reason: 'not-allowed', variable: 'ENGRAM_ACC_MODE', value: 'verbose' }),
    );
  });
});

describe('parseEnvSwitch', () => {
  it('reads on and off spellings and refuses anything else', () => {
    for (const v of ['1', 'true', 'ON', ' yes ']) expect(parseEnvSwitch('ENGRAM_VALIDATE', v, false)).toBe(true);
    for (const v of ['0', 'false', 'Off', 'no']) expect(parseEnvSwitch('ENGRAM_VALIDATE', v, true)).toBe(false);
    expect(parseEnvSwitch('ENGRAM_VALIDATE', undefined, true)).toBe(true);
    expect(() => parseEnvSwitch('ENGRAM_EPISODIC_MEMORY', 'maybe', true)).toThrow(/ENGRAM_EPISODIC_MEMORY="maybe".*1, true, on, yes, 0, false, off, no/);
  });
});

describe('ENGRAM_ENV_CHOICES', () => {
  it('lists the modes the events allow', () => {
    expect(ENGRAM_ENV_CHOICES['ENGRAM_MEMORY_MODE']).toEqual(MemoryModeSchema.options);
    expect(ENGRAM_ENV_CHOICES['ENGRAM_ACC_MODE']).toEqual(AccModeSchema.options);
  });

  it('checkEngramEnv passes unset and valid values and stops at the first bad one', () => {
    expect(() => checkEngramEnv({ ENGRAM_ACC_MODE: 'off', ENGRAM_VALIDATE: '1', OTHER: 'x' })).not.toThrow();
    expect(() => checkEngramEnv({ ENGRAM_MEMORY_MODE: 'of' })).toThrow(EnvChoiceError);
  });
});
