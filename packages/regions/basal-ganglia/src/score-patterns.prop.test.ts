import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultBasalGangliaParams, type BasalGangliaParams } from './basal-ganglia-params.js';
import type { Observation } from './observation.js';
import { observeSession, type Call } from './observations.test-helper.js';
import { patternId } from './pattern.js';
import { DAY_MS } from './recency.js';
import { scorePatterns } from './score-patterns.js';

const NOW = 30 * DAY_MS;
const tool = fc.constantFrom('Bash', 'Read', 'Edit', 'Grep');
const call: fc.Arbitrary<Call> = fc.tuple(tool, fc.boolean()).map(([t, ok]) => [t, ok] as const);
const session = fc.record({
  calls: fc.array(call, { minLength: 0, maxLength: 12 }),
  startDay: fc.integer({ min: 0, max: 29 }),
});
const sessions = fc.array(session, { minLength: 1, maxLength: 6 });
const params: fc.Arbitrary<BasalGangliaParams> = fc.record({
  windowDays: fc.integer({ min: 1, max: 30 }),
  halfLifeDays: fc.integer({ min: 1, max: 30 }),
  frequencyFloor: fc.integer({ min: 0, max: 20 }),
  recoveryLookahead: fc.integer({ min: 2, max: 5 }),
}).map((p) => ({ ...defaultBasalGangliaParams, ...p }));

const observe = (list: readonly { calls: readonly Call[]; startDay: number }[], injected: readonly string[] = []): Observation[] =>
  list.flatMap((s, k) => observeSession(`s${k}`, s.calls, { start: s.startDay * DAY_MS, injected }));

const scoreOf = (obs: readonly Observation[], id: string, p: BasalGangliaParams): number => scorePatterns(obs, NOW, p).find((s) => s.id === id)?.confidence ?? 0;

describe('scorePatterns properties', () => {
  it('every confidence and factor is in [0, 1]', () => {
    fc.assert(
      fc.property(sessions, params, (list, p) => {
        for (const s of scorePatterns(observe(list), NOW, p)) {
          for (const x of [s.confidence, s.frequency, s.consistency, s.recency]) expect(x >= 0 && x <= 1).toBe(true);
        }
      }),
    );
  });

  it('is deterministic, whatever the order sessions are given in', () => {
    fc.assert(
      fc.property(sessions, params, (list, p) => {
        const obs = observe(list);
        expect(scorePatterns([...obs].reverse(), NOW, p)).toEqual(scorePatterns(obs, NOW, p));
      }),
    );
  });

  it('consistency counts sessions, not repetitions: repeating a chain inside one session never raises it', () => {
    fc.assert(
      fc.property(sessions, fc.integer({ min: 2, max: 6 }), (list, times) => {
        const id = patternId('chain', ['Grep', 'Read', 'Edit']);
        const once = [...list, { calls: ['Grep', 'Read', 'Edit'], startDay: 29 }];
        const many = [...list, { calls: Array.from({ length: times }, () => ['Grep', 'Read', 'Edit']).flat(), startDay: 29 }];
        const c1 = scorePatterns(observe(once), NOW, defaultBasalGangliaParams).find((s) => s.id === id)?.consistency ?? 0;
        const cN = scorePatterns(observe(many), NOW, defaultBasalGangliaParams).find((s) => s.id === id)?.consistency ?? 0;
        expect(cN).toBe(c1);
      }),
    );
  });

  it("the guard: sessions run while an instinct's rule was injected never raise that instinct's confidence", () => {
    const id = patternId('chain', ['Grep', 'Read', 'Edit']);
    fc.assert(
      fc.property(sessions, sessions, params, (before, shown, p) => {
        const base = observe(before);
        const withShown = [...base, ...observe(shown, [id]).map((o) => ({ ...o, sessionId: `shown-${o.sessionId}` }))];
        expect(scoreOf(withShown, id, p)).toBeLessThanOrEqual(scoreOf(base, id, p));
      }),
    );
  });
});
