import fc from 'fast-check';
import { DAY_MS, defaultBasalGangliaParams, projectObservations, scorePatterns, scoreSummaries, summarizeSessions, type BasalGangliaParams } from '@engram/basal-ganglia';
import type { AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { emptyAnalysisState, expireOldLogs, parseAnalysisState, renderAnalysisState, type AnalysisState } from './analysis-state.js';

const tool = fc.constantFrom('Bash', 'Read', 'Edit', 'Grep', 'mcp__db__query');
const session = fc.record({
  calls: fc.array(fc.tuple(tool, fc.boolean()), { maxLength: 14 }),
  /** Minutes since day 0; sessions may start before the window or straddle its edge. */
  start: fc.integer({ min: 0, max: 40 * 24 * 60 }),
  stepMinutes: fc.integer({ min: 0, max: 600 }),
  injected: fc.subarray(['basal-ganglia.chain.Grep>Read>Edit', 'basal-ganglia.error-retry.Bash', 'basal-ganglia.recovery.Bash>Read']),
});
const params: fc.Arbitrary<BasalGangliaParams> = fc
  .record({ windowDays: fc.integer({ min: 1, max: 14 }), halfLifeDays: fc.integer({ min: 1, max: 14 }), frequencyFloor: fc.integer({ min: 0, max: 20 }), recoveryLookahead: fc.integer({ min: 2, max: 5 }) })
  .map((p) => ({ ...defaultBasalGangliaParams, ...p }));

/** A session's log: an optional injection, then one tool result per call. */
const logOf = (k: number, s: { calls: [string, boolean][]; start: number; stepMinutes: number; injected: string[] }): AnyEnvelope[] => {
  const sessionId = `20261101_000000_${String(k).padStart(4, '0')}`;
  const at = (i: number) => new Date(s.start * 60_000 + i * s.stepMinutes * 60_000).toISOString();
  const items = s.injected.map((id) => ({ id, kind: 'instinct', text: id, why: 'promoted' }));
  const out: AnyEnvelope[] = items.length === 0 ? [] : [buildEvent('cortex.context.injected', { target: 'system-prompt', tool: null, items, tokens: 1 }, { sessionId, seq: 1, at: at(0) })];
  s.calls.forEach(([name, ok], i) => out.push(buildEvent('executive.tool.resulted', { toolUseId: `t${i}`, name, ok, error: ok ? '' : 'boom', output: '', durationMs: 1 }, { sessionId, seq: i + 2, at: at(i) })));
  return out;
};

describe('the persisted analysis state', () => {
  it('folding logs one at a time through the file, with expiry as time moves on, scores as analysing every log at once', () => {
    fc.assert(
      fc.property(fc.array(session, { maxLength: 8 }), params, fc.array(fc.integer({ min: 0, max: 45 }), { minLength: 1, maxLength: 4 }), (list, p, days) => {
        const logs = list.map((s, k) => logOf(k, s));
        const nows = [...days].sort((a, b) => a - b).map((d) => d * DAY_MS);
        let state: AnalysisState = emptyAnalysisState(p.recoveryLookahead);
        // Logs arrive one by one; at each arrival the state is written, read back, and expired at the current time.
        logs.forEach((events, k) => {
          const sessions = summarizeSessions(projectObservations(events), p.recoveryLookahead);
          const lastAt = Math.max(...sessions.flatMap((x) => x.calls));
          const logs2 = { ...state.logs, [`log${k}`]: { size: k, mtimeMs: k, calls: events.length, lastAt: Number.isFinite(lastAt) ? lastAt : null, sessions, problems: [] } };
          const text = renderAnalysisState({ ...state, logs: logs2 });
          state = parseAnalysisState(text, p.recoveryLookahead);
          // Lines copied from what was read render the same text as encoding every entry again.
          expect(renderAnalysisState(state)).toBe(text);
          expect(renderAnalysisState(structuredClone(state))).toBe(text);
        });
        for (const now of nows) {
          state = parseAnalysisState(renderAnalysisState(expireOldLogs(state, now, p.windowDays)), p.recoveryLookahead);
          const folded = scoreSummaries(Object.values(state.logs).flatMap((e) => e.sessions), now, p);
          expect(folded).toEqual(scorePatterns(projectObservations(logs.flat()), now, p));
        }
      }),
    );
  });

  it('reads anything broken as an empty state (a cache: the logs are read again)', () => {
    const head = '{"v":4,"lookahead":3,"horizon":null}';
    // Version 3 kept no session outcome (failed calls, habits shown): read again, never guessed.
    const v3 = '{"v":3,"lookahead":3,"horizon":null}\n["f",1,1,1,null,[],[],[["s",[1],[]]]]';
    for (const text of ['', '{', '{"v":2}', 'null', v3, `${head}\n["f",1,1,1,null,[],[],[["s",[1],[]]]]`, `${head}\n["f",1,1,1,null,[],[],[["s",[1],[],"2",[]]]]`, `${head}\n["f",1,1,1,null,[],[["chain",[1]]],[]]`, `${head}\n["f",1,1,1,null,[],[],[["s",[1],[[7,[],[]]]]]]`, `${head}\n{}`, `${head}\n["f",1,1,1,null,[],[],[["s",["x"],[]]]]`])
      expect(parseAnalysisState(text, 3)).toEqual(emptyAnalysisState(3));
    expect(parseAnalysisState(renderAnalysisState(emptyAnalysisState(3)), 4)).toEqual(emptyAnalysisState(4));
    expect(parseAnalysisState(`${head}\n["f",1,1,1,null,[],[],[["s",[1],[],1,["basal-ganglia.chain.A>B>C"]]]]`, 3).logs['f']?.sessions).toEqual([{ sessionId: 's', calls: [1], failed: 1, shown: ['basal-ganglia.chain.A>B>C'], patterns: {} }]);
  });
});
