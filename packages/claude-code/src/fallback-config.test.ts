import { describe, expect, it } from 'vitest';
import { parseFallbackConfig } from './fallback-config.js';

const parse = (x: unknown) => parseFallbackConfig(JSON.stringify(x), '/p/.engram/fallbacks.json');

describe('parseFallbackConfig', () => {
  it('reads chains with an optional target and patches defaulting to none', () => {
    expect(parse([{ tool: 'Read', match: { target: '*.cbl' }, steps: [{ name: 'utf-8' }, { name: 'latin-1', patch: { encoding: 'latin-1' } }] }, { tool: 'WebFetch', steps: [{ name: 'direct', patch: {} }] }])).toEqual([
      { tool: 'Read', target: '*.cbl', steps: [{ name: 'utf-8', patch: {} }, { name: 'latin-1', patch: { encoding: 'latin-1' } }] },
      { tool: 'WebFetch', target: null, steps: [{ name: 'direct', patch: {} }] },
    ]);
  });

  it('names the file and the field of every kind of mistake', () => {
    expect(() => parseFallbackConfig('{', '/p/f.json')).toThrow(/^\/p\/f\.json: not valid JSON/);
    expect(() => parse({ tool: 'Read' })).toThrow('/p/.engram/fallbacks.json: expected a JSON array');
    expect(() => parse([{ tool: 'Read', steps: [] }])).toThrow('field "[0].steps": a chain needs at least one step');
    expect(() => parse([{ tool: 'Read', steps: [{ name: 'a' }] }, { tool: 'Read', steps: [{ name: 'a', patch: 'x' }] }])).toThrow('field "[1].steps[0].patch": expected an object, got string');
    expect(() => parse([{ tool: 'Read', match: { target: 3 }, steps: [{ name: 'a' }] }])).toThrow('field "[0].match.target": expected a string');
    expect(() => parse([{ tool: 'Read', steps: [{ name: 'a' }, { name: 'a' }] }])).toThrow(/step name "a" is used twice/);
  });
});
