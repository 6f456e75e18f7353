import * as acc from '@engram/acc';
import * as basalGanglia from '@engram/basal-ganglia';
import * as cerebellum from '@engram/cerebellum';
import * as cortex from '@engram/cortex';
import * as executive from '@engram/executive';
import * as scratchpad from '@engram/scratchpad';
import { describe, expect, it } from 'vitest';

/**
 * The params convention: every threshold a region's core or effects use lives in a typed params
 * (or limits) object, and the region exports `<NAME>_PARAM_REASONS` (or `<NAME>_LIMIT_REASONS`)
 * with one reason per field, so the simulation's sweeps and a reader see why each value is what
 * it is. The hippocampus is left out: it has no core replay folds, and its limits are named
 * constants, each with its reason beside it.
 */
const REGIONS: Record<string, Record<string, unknown>> = { acc, 'basal-ganglia': basalGanglia, cerebellum, cortex, executive, scratchpad };
/** A reason is a clause, not a label. */
const MIN_REASON_CHARS = 15;

const reasonsOf = (exports: Record<string, unknown>) => Object.entries(exports).filter(([name]) => /^[A-Z][A-Z_]*_(PARAM|LIMIT)_REASONS$/.test(name));

describe('every region names its thresholds with a reason each', () => {
  it.each(Object.keys(REGIONS))('%s', (region) => {
    const found = reasonsOf(REGIONS[region] as Record<string, unknown>);
    expect(found.length, `${region} exports a *_PARAM_REASONS or *_LIMIT_REASONS record`).toBeGreaterThan(0);
    for (const [name, reasons] of found) {
      const entries = Object.entries(reasons as Record<string, unknown>);
      expect(entries.length, `${name} has fields`).toBeGreaterThan(0);
      for (const [field, reason] of entries) expect(typeof reason === 'string' && reason.trim().length >= MIN_REASON_CHARS, `${name}.${field} has a reason`).toBe(true);
    }
  });

  it('no region keeps a reasons record outside the convention', () => {
    for (const [region, exports] of Object.entries(REGIONS))
      for (const name of Object.keys(exports)) if (/reasons/i.test(name)) expect(name, `${region}: ${name}`).toMatch(/^[A-Z][A-Z_]*_(PARAM|LIMIT)_REASONS$/);
  });
});
