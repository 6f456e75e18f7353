import { describe, expect, it } from 'vitest';
import { episodicMemoryEnabled } from './episodic-memory-enabled.js';

describe('episodicMemoryEnabled', () => {
  it('is on by default and for other values', () => {
    expect(episodicMemoryEnabled(undefined)).toBe(true);
    expect(episodicMemoryEnabled('1')).toBe(true);
  });
  it('is off for 0, false, off, no', () => {
    for (const v of ['0', 'false', 'OFF', ' no ']) expect(episodicMemoryEnabled(v)).toBe(false);
  });
});
