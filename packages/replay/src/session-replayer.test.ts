import { accProfiles } from '@engram/acc';
import { draft, type AnyEnvelope } from '@engram/events';
import { describe, expect, it } from 'vitest';
import { compareDerived } from './compare-derived.js';
import { foldSession } from './fold-session.js';
import { recordSession, type RecordedInput } from './record-session.js';
import { replayParamsFor } from './replay-params.js';
import { createSessionReplayer } from './session-replayer.js';
import { summariseTurns } from './turn-summary.js';
import { syntheticEffects, syntheticTurn } from './synthetic-session.js';
import { whatIfDiff } from './what-if-diff.js';

const SESSION = '20261122_031500_strm';

const record = (memory: 'autopilot' | 'copilot' | 'off' = 'autopilot', acc: 'off' | 'passive' | 'active' = 'active'): AnyEnvelope[] => {
  const inputs: RecordedInput[] = [{ draft: draft('executive.session.started', { project: '/p', home: '/h', modes: { memory, acc } }), turn: 0, round: 0 }];
  for (let t = 1; t <= 6; t++) inputs.push(...syntheticTurn(t));
  return recordSession(inputs, replayParamsFor([]), { sessionId: SESSION, effects: syntheticEffects() });
};

/** A recorded model failure placed after event `at`: it makes the whole log an `llm` post-mortem log. */
const withModelAt = (events: readonly AnyEnvelope[], at: number): AnyEnvelope[] => {
  const base = events[at] as AnyEnvelope;
  const llm = { ...base, id: 'llm-1', type: 'llm.call.failed', source: 'llm', v: 1, causationId: null, data: { callId: 'c', provider: 'p', model: 'm', role: 'coding', purpose: 'turn', reason: 'network', message: 'down', attempts: 1, latencyMs: 1 } } as unknown as AnyEnvelope;
  return [...events.slice(0, at + 1), llm, ...events.slice(at + 1)].map((e, i) => ({ ...e, seq: i + 1 }));
};

/** What a replay reports, computed the plain way: the whole log in memory, folded with the params inferred from all of it. */
const reference = (events: readonly AnyEnvelope[]) => {
  const derived = foldSession(events, replayParamsFor(events));
  return { postMortem: replayParamsFor(events).cerebellum.postMortem, turns: summariseTurns(events, derived), divergences: compareDerived(events, derived) };
};

const streamed = (events: readonly AnyEnvelope[]) => {
  const r = createSessionReplayer({ check: true });
  for (const e of events) r.push(e);
  return r.finish();
};

describe('createSessionReplayer', () => {
  it('reports what folding the whole log reports, in every mode, with and without a model', () => {
    for (const memory of ['autopilot', 'copilot', 'off'] as const)
      for (const acc of ['off', 'passive', 'active'] as const) {
        const events = record(memory, acc);
        for (const log of [events, withModelAt(events, 3), withModelAt(events, events.length - 1)]) {
          const r = streamed(log);
          expect(r).toMatchObject({ ...reference(log), sessionId: SESSION, events: log.length });
        }
      }
  });

  it('a model seen only at the end still changes the lessons the cerebellum learned earlier', () => {
    const events = record();
    const late = withModelAt(events, events.length - 1);
    const lessons = (log: AnyEnvelope[]) => streamed(log).turns.flatMap((t) => t.cerebellumLessons.map((l) => l.method));
    expect(lessons(events)).toContain('classifier');
    expect(lessons(late)).not.toEqual(lessons(events));
    expect(streamed(late).postMortem).toBe('llm');
  });

  it('finds the same divergences as the whole-log comparison for an edited, a deleted and an added event', () => {
    const events = record();
    const lesson = events.findIndex((e) => e.type === 'acc.lesson.detected');
    const nudge = events.findIndex((e) => e.type === 'cerebellum.error.classified');
    const original = events[lesson] as AnyEnvelope & { type: 'acc.lesson.detected' };
    const edited: AnyEnvelope[] = events.map((e, i) => (i === lesson ? { ...original, data: { ...original.data, rule: 'Retry harder.' } } : e));
    const deleted = events.filter((_, i) => i !== nudge).map((e, i) => ({ ...e, seq: i + 1 }));
    const added = [...events.slice(0, 3), { ...(events[nudge] as AnyEnvelope), id: 'forged' }, ...events.slice(3)].map((e, i) => ({ ...e, seq: i + 1 }));
    for (const log of [edited, deleted, added]) {
      const ds = streamed(log).divergences ?? [];
      expect(ds.length).toBeGreaterThan(0);
      expect(ds).toEqual(reference(log).divergences);
    }
  });

  it('under an assumed mode, folds the cerebellum once and says when the log contradicts it', () => {
    const events = record();
    const model = withModelAt(events, 3);
    const run = (log: readonly AnyEnvelope[], assume: 'classifier' | 'llm') => {
      const r = createSessionReplayer({ check: true }, assume);
      for (const e of log) r.push(e);
      return { r };
    };
    const right = run(events, 'classifier').r;
    expect(right.assumedWrongly(true)).toBe(false);
    expect(right.finish()).toEqual(streamed(events));
    expect(run(model, 'llm').r.finish()).toEqual(streamed(model));
    const early = createSessionReplayer({ check: true }, 'classifier');
    for (const e of model.slice(0, 5)) early.push(e);
    expect(early.assumedWrongly(false)).toBe(true);
    const noModel = run(events, 'llm').r;
    expect(noModel.assumedWrongly(false)).toBe(false);
    expect(noModel.assumedWrongly(true)).toBe(true);
    expect(() => noModel.finish()).toThrow(/contradicts the assumed post-mortem mode/);
  });

  it('what-if: the same diff as refolding the whole log with the what-if thresholds', () => {
    const events = withModelAt(record(), 10);
    const detectors = { ...accProfiles.anton, minKills: 3, minToolErrorRun: 9 };
    const r = createSessionReplayer({ check: false, whatIf: { profile: 'anton', overrides: {}, detectors } });
    for (const e of events) r.push(e);
    const turns = r.finish().whatIf?.turns ?? [];
    expect(turns.length).toBeGreaterThan(0);
    expect(turns).toEqual(whatIfDiff(events, foldSession(events, replayParamsFor(events, detectors))));
  });
});
