import { ACC_DETECTORS, accProfiles, createAccTurn, drainLessons, observationFromEnvelope, observeAcc } from '@engram/acc';
import { describe, expect, it } from 'vitest';
import { generateTurn } from './generate-turn.js';
import { generateTurns } from './generate-turns.js';
import { createPrng } from './prng.js';
import { DEFAULT_MIX } from './scenario-mix.js';
import { FAULTS, NEAR_MISSES } from './scenarios.js';
import type { SimTurn } from './sim-turn.js';

const firedOn = (t: SimTurn, params = accProfiles.engram): string[] => {
  const turn = createAccTurn(params);
  for (const e of t.events) {
    const o = observationFromEnvelope(e);
    if (o !== null) observeAcc(turn, o);
  }
  return drainLessons(turn).map((l) => l.detector);
};

/** A quiet mix: one action per round, no noise, so a forced scenario is all that can fire. */
const QUIET = { ...DEFAULT_MIX, noise: 0, minActions: 1, maxActions: 1 };

describe('generateTurns', () => {
  it('gives the same turns and labels for the same seed, others for another seed', () => {
    const a = generateTurns(200, 9);
    expect(generateTurns(200, 9)).toEqual(a);
    expect(generateTurns(200, 10)).not.toEqual(a);
  });

  it('frames every turn: started first, completed last, rounds closed', () => {
    for (const t of generateTurns(100, 3)) {
      expect(t.events[0]?.type).toBe('executive.turn.started');
      expect(t.events.at(-1)?.type).toBe('executive.turn.completed');
      expect(t.events.some((e) => e.type === 'executive.round.completed')).toBe(true);
    }
  });

  it('mixes healthy turns, faults, near misses and capped turns, with every detector labelled somewhere', () => {
    const turns = generateTurns(2_000, 1);
    expect(turns.some((t) => t.labels.size === 0 && t.scenarios.length === 0)).toBe(true);
    expect(turns.some((t) => t.scenarios.includes('round-cap') && t.events.some((e) => e.type === 'executive.cap.exhausted'))).toBe(true);
    for (const d of ACC_DETECTORS) expect(turns.some((t) => t.labels.has(d.id)), d.id).toBe(true);
  });
});

describe('scenario labels', () => {
  it.each(FAULTS.map((f) => [f.name, f] as const))('%s is labelled with its detector, which catches it on a quiet turn', (_, fault) => {
    for (let seed = 1; seed <= 20; seed++) {
      const t = generateTurn(1, createPrng(seed), QUIET, { scenarios: [fault], capped: false });
      expect(t.labels.has(fault.label ?? 'acc.name-switch')).toBe(true);
      expect(firedOn(t)).toContain(fault.label);
    }
  });

  it.each(NEAR_MISSES.map((f) => [f.name, f] as const))('near miss %s is labelled with nothing, and the engram profile stays silent on a quiet turn', (_, miss) => {
    for (let seed = 1; seed <= 20; seed++) {
      const t = generateTurn(1, createPrng(seed), QUIET, { scenarios: [miss], capped: false });
      expect(t.labels.size).toBe(0);
      expect(firedOn(t)).toEqual([]);
    }
  });

  it('labels a capped turn with the cap detector and ends it at the cap', () => {
    const t = generateTurn(1, createPrng(5), QUIET, { scenarios: [], capped: true });
    expect([...t.labels]).toEqual(['acc.cap-exhausted']);
    expect(t.events.at(-1)?.data).toMatchObject({ stopReason: 'round_cap', rounds: DEFAULT_MIX.roundCap });
  });
});
