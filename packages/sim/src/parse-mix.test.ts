import { describe, expect, it } from 'vitest';
import { parseMix } from './parse-mix.js';
import { SimUsageError } from './sim-usage-error.js';
import { DEFAULT_MIX } from './scenario-mix.js';

describe('parseMix', () => {
  it('overlays fields on the default mix', () => {
    expect(parseMix([])).toEqual(DEFAULT_MIX);
    expect(parseMix(['noise=0.2', 'maxRounds=10'])).toEqual({ ...DEFAULT_MIX, noise: 0.2, maxRounds: 10 });
  });

  it.each([
    ['nois=0.1', /"nois" is not a mix field; known: minRounds/],
    ['noise', /"" is not a number/],
    ['noise=lots', /"lots" is not a number/],
    ['noise=1.5', /noise is a chance, from 0 to 1/],
    ['maxRounds=2.5', /maxRounds is a whole number from 1 to 1000/],
    ['maxRounds=0x10', /"0x10" is not a number/],
    ['maxRounds=1e3', /"1e3" is not a number/],
    ['maxRounds= 3', /" 3" is not a number/],
    ['maxRounds=-1', /"-1" is not a number/],
    ['maxRounds=010', /"010" is not a number/],
    ['noise=.5', /".5" is not a number/],
    ['maxRounds=99999999999999999999', /maxRounds is a whole number from 1 to 1000/],
    ['minRounds=9', /minRounds \(9\) is above maxRounds \(6\)/],
  ])('rejects %s, naming the bad part', (arg, message) => {
    expect(() => parseMix([arg])).toThrow(SimUsageError);
    expect(() => parseMix([arg])).toThrow(expect.objectContaining({ reason: 'bad-mix' }));
    expect(() => parseMix([arg])).toThrow(message);
  });
});
