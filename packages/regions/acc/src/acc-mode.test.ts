import { describe, expect, it } from 'vitest';
import { parseAccMode } from './acc-mode.js';

describe('parseAccMode', () => {
  it('defaults to active', () => expect(parseAccMode(undefined)).toEqual({ mode: 'active', warning: null }));
  it('trims and lower-cases', () => expect(parseAccMode(' Passive ')).toEqual({ mode: 'passive', warning: null }));
  it('falls back to the default with a warning on an unknown value (Anton is silent)', () => {
    const r = parseAccMode('verbose');
    expect(r.mode).toBe('active');
    expect(r.warning).toMatch(/ENGRAM_ACC_MODE="verbose"/);
  });
});
