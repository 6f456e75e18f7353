import type { AnyEnvelope } from '@engram/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { perturbTurn } from './perturb-turn.js';
import { createPrng } from './prng.js';
import { recordedLog } from './recorded-log-fixture.js';
import { DEFAULT_MIX } from './scenario-mix.js';
import { FAULTS, NEAR_MISSES } from './scenarios.js';
import { splitBaseTurns } from './split-base-turns.js';

const BASE = splitBaseTurns('real.jsonl', recordedLog(['healthy', 'kills']), []).turns;
const SCENARIOS = [...FAULTS, ...NEAR_MISSES];
const content = (e: AnyEnvelope): string => `${e.type} ${JSON.stringify(e.type === 'executive.turn.completed' ? { ...e.data, stopReason: null } : e.data)}`;

describe('perturbTurn (property)', () => {
  it('for any draw: same seed same turn, recorded events kept in order, injected labels present, unscored apart from labels, seqs 1..n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.constantFrom(...BASE), fc.subarray(SCENARIOS, { maxLength: 3 }), fc.boolean(), fc.integer({ min: 1, max: 10_000 }), (seed, base, faults, capped, turn) => {
        const t = perturbTurn(turn, base, createPrng(seed), DEFAULT_MIX, { faults, capped });
        expect(perturbTurn(turn, base, createPrng(seed), DEFAULT_MIX, { faults, capped })).toEqual(t);
        const all = t.events.map(content);
        let i = 0;
        for (const x of all) if (x === content(base.events[i] as AnyEnvelope)) i++;
        expect(i).toBe(base.events.length);
        for (const f of faults) if (f.label !== null) expect(t.labels.has(f.label)).toBe(true);
        if (capped) expect(t.labels.has('acc.cap-exhausted')).toBe(true);
        for (const d of t.unscored ?? []) expect(t.labels.has(d)).toBe(false);
        expect(t.events.map((e) => e.seq)).toEqual(all.map((_, k) => k + 1));
        expect(t.events.every((e) => e.turn === turn)).toBe(true);
        expect(t.events[0]?.type).toBe('executive.turn.started');
        expect(t.events.at(-1)?.type).toBe('executive.turn.completed');
      }),
    );
  });
});
