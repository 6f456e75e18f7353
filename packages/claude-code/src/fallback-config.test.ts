import { describe, expect, it } from 'vitest';
import { FallbackConfigError, parseFallbackConfig } from './fallback-config.js';

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

  it('names a nested field in the one input-error format, every problem at once', () => {
    const bad = () => parse([{ tool: 'Read', steps: [{ name: 'a', patch: [] }] }, { tool: ' ', steps: [{ name: 'b' }, 7] }]);
    expect(bad).toThrow(FallbackConfigError);
    expect(bad).toThrow(
      '/p/.engram/fallbacks.json: field "[0].steps[0].patch": expected an object, got an array; field "[1].tool": expected a non-empty string, got " "; field "[1].steps[1]": expected an object { name, patch }, got number',
    );
  });
});
