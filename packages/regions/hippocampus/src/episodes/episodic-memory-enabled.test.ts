import { describe, expect, it } from 'vitest';
import { episodicMemoryEnabled } from './episodic-memory-enabled.js';

describe('episodicMemoryEnabled', () => {
  it('is on by default and for 1, true, on, yes', () => {
    expect(episodicMemoryEnabled(undefined)).toBe(true);
    for (const v of ['1', 'true', 'On', ' yes ']) expect(episodicMemoryEnabled(v)).toBe(true);
  });
  it('refuses any other value, naming the variable (Anton left memory on for a typo)', () => {
    expect(() => episodicMemoryEnabled('of')).toThrow(/ENGRAM_EPISODIC_MEMORY="of" is not allowed: use one of 1, true, on, yes, 0, false, off, no/);
  });
  it('is off for 0, false, off, no', () => {
    for (const v of ['0', 'false', 'OFF', ' no ']) expect(episodicMemoryEnabled(v)).toBe(false);
  });
});
