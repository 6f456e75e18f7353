import { describe, expect, it } from 'vitest';
import { MAX_PAD_NAME_LENGTH, PadNameError, padNameProblem, validatePadName } from './pad-name.js';

describe('validatePadName', () => {
  it.each(['main', 'build_pres', 'sales-2024', 'data.v2', 'A', '9lives', 'x'.repeat(MAX_PAD_NAME_LENGTH)])('accepts %j', (name) => {
    expect(validatePadName(name)).toBe(name);
  });

  it.each([
    ['', /empty/],
    ['../x', /'\.\.'/],
    ['a/b', /outside letters/],
    ['..', /'\.\.'/],
    ['a..b', /'\.\.'/],
    ['.hidden', /start with a letter or digit/],
    ['-rf', /start with a letter or digit/],
    ['has space', /outside letters/],
    ['tab\there', /control characters/],
    ['nl\n', /control characters/],
    ['nul\u0000', /control characters/],
    ['del\u007f', /control characters/],
    ['x'.repeat(MAX_PAD_NAME_LENGTH + 1), /65 characters long \(limit 64\)/],
    ['C:\\temp', /outside letters/],
    ['café', /outside letters/],
  ])('refuses %j with a clear error', (name, message) => {
    expect(() => validatePadName(name)).toThrow(PadNameError);
    expect(() => validatePadName(name)).toThrow(message);
    expect(padNameProblem(name)).toMatch(/e\.g\. "main"/);
  });

  it('refuses non-strings', () => {
    expect(padNameProblem(undefined)).toMatch(/must be a string, got undefined/);
    expect(padNameProblem(null)).toMatch(/got null/);
    expect(padNameProblem(3)).toMatch(/got number/);
  });

  it('shows a very long hostile name shortened in the message', () => {
    const problem = padNameProblem(`../${'a'.repeat(500)}`) ?? '';
    expect(problem.length).toBeLessThan(400);
  });

  it('carries a stable code', () => {
    try {
      validatePadName('');
    } catch (e) {
      expect(e).toBeInstanceOf(PadNameError);
      expect((e as PadNameError).reason).toBe('invalid-pad-name');
    }
  });
});
