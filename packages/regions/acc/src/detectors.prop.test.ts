import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACC_DETECTORS } from './acc-detectors.js';
import { accProfiles } from './acc-profiles.js';
import { createAccTurn, observeAcc } from './acc-turn.js';
import { classifyKill } from './classify-kill.js';
import type { AnyDetector } from './detector.js';
import { drainLessons } from './drain-lessons.js';
import { evaluateNudges } from './evaluate-nudges.js';
import { isTruthy } from './is-truthy.js';
import { ACC_KINDS, observation, type AccKind, type Observation } from './observation.js';
import { runDetector } from './run-detector.js';
import { runDetectors } from './run-detectors.js';

/**
 * Arbitrary observations drawn from small pools, so names repeat, errors share signatures and
 * kills cross thresholds often enough for the properties to exercise firing.
 */
const names = fc.constantFrom('main', 'build_pres', 'write_html', 'scratchpad', 'fetch', '', undefined);
const errors = fc.constantFrom('', 'Quota 500 exceeded', 'Quota 7 exceeded', "No such file '/tmp/a.csv'", 'Error at 0xBEEF in /usr/lib/x.py', 'boom');
const reasons = fc.constantFrom('Cell timed out after 30s', 'liveness check failed', 'killed after inactivity', 'auto-install hung', '', undefined);
const success = fc.constantFrom(true, false, undefined);
const codeLen = fc.constantFrom(0, 10, 4999, 5000, 9000, undefined);

const defined = (d: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined));

const detailOf = (kind: AccKind): fc.Arbitrary<Record<string, unknown>> => {
  switch (kind) {
    case 'scratchpad_call':
      return fc.record({ name: names, code_len: codeLen, confirm_new_scratchpad: fc.boolean() }).map(defined);
    case 'scratchpad_result':
    case 'tool_result':
      return fc.record({ name: names, success, error: errors }).map(defined);
    case 'scratchpad_killed':
      return fc.record({ name: names, reason: reasons }).map(defined);
    case 'scratchpad_empty_code':
    case 'scratchpad_reset':
    case 'tool_call':
      return fc.record({ name: names }).map(defined);
    case 'history_repair':
      return fc.constant({ reason: 'interrupted by error', sealed_count: 1 });
    case 'cap_exhausted':
      return fc.constant({ cap: 25 });
  }
};

const arbitraryObservationOf = (kinds: readonly AccKind[]): fc.Arbitrary<Observation> =>
  fc
    .constantFrom(...kinds)
    .chain((kind) => fc.tuple(fc.constant(kind), detailOf(kind), fc.integer({ min: 0, max: 10 })))
    .map(([kind, detail, severity]) => observation(kind, detail, severity));

const arbitraryObservation: fc.Arbitrary<Observation> = arbitraryObservationOf(ACC_KINDS);

const arbitraryObservations = (maxLength = 60): fc.Arbitrary<Observation[]> => fc.array(arbitraryObservation, { maxLength });

const profiles = fc.constantFrom(accProfiles.anton, accProfiles.engram);
const detectorArb = fc.constantFrom(...ACC_DETECTORS);

/** Whether `d` reads `o` at all: its kinds, and for severity-climb (which reads every kind) only named events. */
const reads = (d: AnyDetector, o: Observation): boolean =>
  d.reads === 'all' ? isTruthy(o.detail['name']) : (d.reads as readonly string[]).includes(o.kind);

/**
 * Detectors whose verdict depends only on which observations occurred, not their order. Name-switch
 * is order-free only under Anton's rule: when a confirmed new pad is honoured, the first pad's
 * confirmation means nothing, so which pad came first matters.
 */
const orderFree = (d: AnyDetector, p: typeof accProfiles.anton): boolean =>
  d.id === 'acc.name-switch' ? !p.honourConfirmedNewPad : ORDER_FREE.has(d.id);
const ORDER_FREE = new Set(['acc.oversized-cell', 'acc.repeated-error-signature', 'acc.reset-churn', 'acc.kill-loop', 'acc.repair-churn', 'acc.cap-exhausted']);

const merge = <T>(a: readonly T[], b: readonly T[], picks: readonly boolean[]): T[] => {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  for (const pickA of picks) {
    if (pickA && i < a.length) out.push(a[i++] as T);
    else if (j < b.length) out.push(b[j++] as T);
  }
  return [...out, ...a.slice(i), ...b.slice(j)];
};

/** Anton's algorithm, as the reference: every round, re-run each not-yet-nudged detector over the whole buffer. */
const rescanNudges = (stream: readonly Observation[], roundEnds: ReadonlySet<number>, params: typeof accProfiles.anton): string[][] => {
  const nudged = new Set<string>();
  const rounds: string[][] = [];
  stream.forEach((_, i) => {
    if (!roundEnds.has(i)) return;
    const fresh: string[] = [];
    for (const d of ACC_DETECTORS) {
      if (nudged.has(d.id)) continue;
      const lesson = runDetector(d, stream.slice(0, i + 1), params);
      if (lesson !== null) {
        nudged.add(d.id);
        fresh.push(lesson.id);
      }
    }
    rounds.push(fresh);
  });
  return rounds;
};

const ids = (lessons: readonly { id: string }[]) => lessons.map((l) => l.id);

describe('detector properties', () => {
  it('are deterministic: the same stream gives the same lessons, triggers included', () => {
    fc.assert(
      fc.property(arbitraryObservations(), profiles, (stream, p) => {
        expect(runDetectors(stream, p).lessons).toEqual(runDetectors(stream, p).lessons);
      }),
    );
  });

  it('never fire on an empty stream', () => {
    for (const p of Object.values(accProfiles)) expect(runDetectors([], p).lessons).toEqual([]);
  });

  it('never fire on a stream made only of what they do not read', () => {
    fc.assert(
      fc.property(detectorArb, arbitraryObservations(80), profiles, (d, stream, p) => {
        expect(runDetector(d, stream.filter((o) => !reads(d, o)), p)).toBeNull();
      }),
    );
  });

  it('never un-fire when events are appended', () => {
    fc.assert(
      fc.property(detectorArb, arbitraryObservations(), arbitraryObservations(), profiles, (d, s, t, p) => {
        if (runDetector(d, s, p) !== null) expect(runDetector(d, [...s, ...t], p)).not.toBeNull();
      }),
    );
  });

  it('keep their verdict when unrelated events are interleaved, and order-free ones under any permutation', () => {
    fc.assert(
      fc.property(detectorArb, arbitraryObservations(), arbitraryObservations(), fc.array(fc.boolean(), { maxLength: 120 }), profiles, (d, s, u, picks, p) => {
        const own = s.filter((o) => reads(d, o));
        const unrelated = u.filter((o) => !reads(d, o));
        const expected = runDetector(d, own, p);
        expect(runDetector(d, merge(own, unrelated, picks), p)).toEqual(expected);
        if (orderFree(d, p)) expect(runDetector(d, [...own].reverse(), p)).toEqual(expected);
      }),
    );
  });

  it('incremental evaluation equals batch: nudges match an Anton-style rescan each round, and the drain matches the batch run', () => {
    fc.assert(
      fc.property(arbitraryObservations(), fc.array(fc.nat({ max: 59 })), profiles, (stream, ends, p) => {
        const roundEnds = new Set([...ends, stream.length - 1].filter((i) => i >= 0 && i < stream.length));
        const turn = createAccTurn(p);
        const nudges: string[][] = [];
        stream.forEach((o, i) => {
          observeAcc(turn, o);
          if (roundEnds.has(i)) nudges.push(ids(evaluateNudges(turn)));
        });
        expect(nudges).toEqual(rescanNudges(stream, roundEnds, p));
        expect(drainLessons(turn)).toEqual(runDetectors(stream, p).lessons);
      }),
    );
  });

  it('yield at most one lesson per detector per turn, and never both kill-loop variants', () => {
    fc.assert(
      fc.property(arbitraryObservations(120), profiles, (stream, p) => {
        const lessons = runDetectors(stream, p).lessons;
        expect(new Set(lessons.map((l) => l.detector)).size).toBe(lessons.length);
        expect(lessons.filter((l) => l.id.startsWith('acc.kill-loop')).length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('kill-loop yields at most one variant at every point of a stream, the one the classified counts decide', () => {
    const kills = arbitraryObservationOf(['scratchpad_killed']);
    fc.assert(
      fc.property(fc.array(kills, { maxLength: 40 }), (stream) => {
        const turn = createAccTurn(accProfiles.anton);
        let liveness = 0;
        let heavy = 0;
        for (const o of stream) {
          observeAcc(turn, o);
          const cls = classifyKill(o.detail['reason']);
          if (cls === 'liveness') liveness += 1;
          if (cls === 'heavy') heavy += 1;
          const expected = liveness >= heavy && liveness >= 2 ? ['acc.kill-loop.liveness'] : heavy > liveness && heavy >= 2 ? ['acc.kill-loop.heavy'] : [];
          expect(ids(drainLessons(turn)).filter((id) => id.startsWith('acc.kill-loop'))).toEqual(expected);
        }
      }),
    );
  });
});
