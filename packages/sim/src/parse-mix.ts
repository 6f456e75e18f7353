import { DEFAULT_MIX, type ScenarioMix } from './scenario-mix.js';
import { SimUsageError } from './sim-usage-error.js';

/** Fields that are chances (0 to 1); the rest are whole counts of at least 1. */
const RATES: ReadonlySet<keyof ScenarioMix> = new Set(['noise', 'faultRate', 'secondFaultRate', 'nearMissRate', 'capShare']);
/** Counts above this are typos, not scenarios (a 10,000-round turn would dwarf the rest of the mix). */
const MAX_COUNT = 1_000;

const isField = (k: string): k is keyof ScenarioMix => Object.hasOwn(DEFAULT_MIX, k);

/**
 * Plain decimal digits with an optional fraction, as the kernel's `parseNumber` allows: `Number`
 * alone reads `0x10` as 16, `1e3` as 1000 and `" 3"` as 3, so a typo became a scenario.
 */
const DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

/**
 * Overlays `--mix FIELD=VALUE` arguments (`noise=0.1`, `maxRounds=10`) on the default mix.
 * Rates must lie in [0, 1], counts be whole numbers from 1 to 1,000, and each min at most its max.
 */
export const parseMix = (args: readonly string[]): ScenarioMix => {
  const mix: Record<keyof ScenarioMix, number> = { ...DEFAULT_MIX };
  for (const arg of args) {
    const eq = arg.indexOf('=');
    const key = eq < 0 ? arg : arg.slice(0, eq).trim();
    if (!isField(key)) throw new SimUsageError({ reason: 'bad-mix', message: `--mix ${arg}: "${key}" is not a mix field; known: ${Object.keys(DEFAULT_MIX).join(', ')}` });
    const text = eq < 0 ? '' : arg.slice(eq + 1);
    const value = DECIMAL.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(value)) throw new SimUsageError({ reason: 'bad-mix', message: `--mix ${arg}: "${text}" is not a number` });
    if (RATES.has(key)) {
      if (value < 0 || value > 1) throw new SimUsageError({ reason: 'bad-mix', message: `--mix ${arg}: ${key} is a chance, from 0 to 1` });
    } else if (!Number.isInteger(value) || value < 1 || value > MAX_COUNT) throw new SimUsageError({ reason: 'bad-mix', message: `--mix ${arg}: ${key} is a whole number from 1 to ${MAX_COUNT}` });
    mix[key] = value;
  }
  if (mix.minRounds > mix.maxRounds) throw new SimUsageError({ reason: 'bad-mix', message: `--mix: minRounds (${mix.minRounds}) is above maxRounds (${mix.maxRounds})` });
  if (mix.minActions > mix.maxActions) throw new SimUsageError({ reason: 'bad-mix', message: `--mix: minActions (${mix.minActions}) is above maxActions (${mix.maxActions})` });
  return mix;
};
