import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultBasalGangliaParams, type BasalGangliaParams } from './basal-ganglia-params.js';
import type { Observation } from './observation.js';
import { observeSession, type Call } from './observations.test-helper.js';
import { patternId } from './pattern.js';
import { DAY_MS } from './recency.js';
import { scorePatterns } from './score-patterns.js';
import { scorePatternsAtOnce } from './score-patterns-at-once.test-helper.js';
import { scoreSummaries } from './score-summaries.js';
import { summarizeSession, type SessionSummary } from './session-summary.js';

const NOW = 30 * DAY_MS;
const tool = fc.constantFrom('Bash', 'Read', 'Edit', 'Grep');
const call: fc.Arbitrary<Call> = fc.tuple(tool, fc.boolean()).map(([t, ok]) => [t, ok] as const);
const session = fc.record({
  calls: fc.array(call, { minLength: 0, maxLength: 14 }),
  startDay: fc.integer({ min: 0, max: 31 }),
  injected: fc.subarray([patternId('chain', ['Grep', 'Read', 'Edit']), patternId('error-retry', ['Bash']), patternId('recovery', ['Bash', 'Read'])]),
});
const sessions = fc.array(session, { minLength: 0, maxLength: 8 });
const params: fc.Arbitrary<BasalGangliaParams> = fc
  .record({
    windowDays: fc.integer({ min: 1, max: 30 }),
    halfLifeDays: fc.integer({ min: 1, max: 30 }),
    frequencyFloor: fc.integer({ min: 0, max: 20 }),
    recoveryLookahead: fc.integer({ min: 2, max: 5 }),
    outcomeMinSessions: fc.integer({ min: 1, max: 3 }),
  })
  .map((p) => ({ ...defaultBasalGangliaParams, ...p }));

type Scripted = { calls: readonly Call[]; startDay: number; injected: readonly string[] };
const observe = (s: Scripted, k: number): Observation[] => observeSession(`s${k}`, s.calls, { start: s.startDay * DAY_MS, stepMs: 3_600_000, injected: s.injected });

describe('session summaries (the incremental analysis state)', () => {
  it('folding sessions one by one, through a JSON round trip, scores exactly as analysing every observation at once', () => {
    fc.assert(
      fc.property(sessions, params, fc.integer({ min: 0, max: 35 }), (list, p, day) => {
        const now = day * DAY_MS;
        // The fold: each session summarised alone when it ends, persisted (JSON), read back.
        let state: SessionSummary[] = [];
        list.forEach((s, k) => {
          const persisted = JSON.stringify([...state, summarizeSession(`s${k}`, observe(s, k), p.recoveryLookahead)]);
          state = JSON.parse(persisted) as SessionSummary[];
        });
        const all = list.flatMap((s, k) => observe(s, k));
        expect(scoreSummaries(state, now, p)).toEqual(scorePatternsAtOnce(all, now, p));
        expect(scorePatterns(all, now, p)).toEqual(scorePatternsAtOnce(all, now, p));
      }),
    );
  });

  it('a summary does not depend on the other sessions: interleaving sessions changes nothing', () => {
    fc.assert(
      fc.property(sessions, params, (list, p) => {
        const all = list.flatMap((s, k) => observe(s, k));
        const shuffled = [...all].sort((a, b) => a.at - b.at || a.sessionId.localeCompare(b.sessionId));
        expect(scoreSummaries(list.map((s, k) => summarizeSession(`s${k}`, observe(s, k), p.recoveryLookahead)), NOW, p)).toEqual(scorePatternsAtOnce(shuffled, NOW, p));
      }),
    );
  });
});
