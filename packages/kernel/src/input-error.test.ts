import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldPath, InputError, parseInput, parseJsonInput } from './input-error.js';

describe('parseInput', () => {
  const schema = z.object({ steps: z.array(z.object({ name: z.string({ error: 'expected a string' }) })) });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { steps: [{ name: 'a' }] }, 'x.json')).toEqual({ steps: [{ name: 'a' }] });
  });

  it('names the source, each field and its problem', () => {
    expect(() => parseInput(schema, { steps: [{ name: 1 }] }, '/p/.engram/fallbacks.json')).toThrow(new InputError('/p/.engram/fallbacks.json', [{ field: 'steps[0].name', problem: 'expected a string' }]));
    expect(() => parseInput(schema, { steps: [{ name: 1 }] }, 'f.json')).toThrow('f.json: field "steps[0].name": expected a string');
  });

  it('writes paths the way a user names them', () => {
    expect(fieldPath(['a', 0, 'b', 12])).toBe('a[0].b[12]');
    expect(fieldPath([0])).toBe('[0]');
    expect(fieldPath([])).toBe('');
  });
});

describe('InputError: tag and reason', () => {
  it('a schema problem is `invalid`, text that is not JSON `not-json`', () => {
    expect(() => parseInput(z.object({ a: z.string() }), { a: 1 }, 'x.json')).toThrow(expect.objectContaining({ _tag: 'InputError', reason: 'invalid', source: 'x.json' }));
    expect(() => parseJsonInput('{', 'y.json')).toThrow(expect.objectContaining({ _tag: 'InputError', reason: 'not-json', source: 'y.json' }));
  });
});
