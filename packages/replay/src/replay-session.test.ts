import { accProfiles } from '@engram/acc';
import { draft, type AnyEnvelope } from '@engram/events';
import { describe, expect, it } from 'vitest';
import { compareDerived } from './compare-derived.js';
import { foldSession } from './fold-session.js';
import { recordSession, type RecordedInput } from './record-session.js';
import { replayParamsFor } from './replay-params.js';
import { replaySession } from './replay-session.js';
import { syntheticEffects, syntheticTurn } from './synthetic-session.js';

const SESSION = '20261122_031500_test';

/** Five turns cover every synthetic shape: clean, name switch, kills, a failing tool, repeated errors. */
const record = (mode: { memory: 'autopilot' | 'copilot' | 'off'; acc: 'off' | 'passive' | 'active' } = { memory: 'autopilot', acc: 'active' }): AnyEnvelope[] => {
  const inputs: RecordedInput[] = [{ draft: draft('executive.session.started', { project: '/p', home: '/h', modes: mode }), turn: 0, round: 0 }];
  for (let t = 1; t <= 5; t++) inputs.push(...syntheticTurn(t));
  return recordSession(inputs, replayParamsFor([]), { sessionId: SESSION, effects: syntheticEffects() });
};

/** Renumbers seq after an edit, as a hand-edited log would still be read in order. */
const without = (events: readonly AnyEnvelope[], i: number): AnyEnvelope[] => events.filter((_, j) => j !== i);

describe('replaySession', () => {
  it('derives exactly what the live-wired cores recorded (no divergence), and reports it per turn', () => {
    const events = record();
    const r = replaySession(events, { check: true });
    expect(r.divergences).toEqual([]);
    expect(r.postMortem).toBe('classifier');
    const lessons = r.turns.flatMap((t) => t.accLessons.map((l) => `${t.turn}:${l.lessonId}`));
    expect(lessons).toContain('1:acc.name-switch');
    expect(lessons.some((l) => l.endsWith(':acc.repeated-tool-error'))).toBe(true);
    expect(r.turns.some((t) => t.nudges.length > 0 && t.proposals.length > 0 && t.encodings.length > 0)).toBe(true);
  });

  it('holds in every mode (acc off/passive, memory off/copilot)', () => {
    for (const memory of ['autopilot', 'copilot', 'off'] as const)
      for (const acc of ['off', 'passive', 'active'] as const) expect(replaySession(record({ memory, acc }), { check: true }).divergences).toEqual([]);
  });

  it('names the edited field of an altered lesson, with its seq and both versions', () => {
    const events = record();
    const i = events.findIndex((e) => e.type === 'acc.lesson.detected');
    const original = events[i];
    if (original?.type !== 'acc.lesson.detected') throw new Error('no lesson recorded');
    const edited = { ...original, data: { ...original.data, rule: 'Retry harder.' } } as AnyEnvelope;
    const ds = compareDerived(
      events.map((e, j) => (j === i ? edited : e)),
      foldSession(events, replayParamsFor(events)),
    );
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ kind: 'different', seq: original.seq, fields: ['rule'], expected: { data: { rule: original.data.rule } }, actual: { data: { rule: 'Retry harder.' } } });
  });

  it('reports a deleted derived event as missing after its cause, and an added one as unexpected', () => {
    const events = record();
    const i = events.findIndex((e) => e.type === 'acc.nudge.emitted');
    const deleted = events[i];
    if (deleted === undefined) throw new Error('no nudge recorded');
    const cause = events.find((e) => e.id === deleted.causationId);
    const missing = replaySession(without(events, i), { check: true }).divergences ?? [];
    expect(missing).toEqual([expect.objectContaining({ kind: 'missing', seq: cause?.seq, expected: { type: deleted.type, data: deleted.data }, actual: null })]);

    const extra = { ...deleted, seq: deleted.seq, id: 'forged', causationId: events[1]?.id ?? null } as AnyEnvelope;
    const added = replaySession([...events.slice(0, 2), extra, ...events.slice(2)].map((e, j) => ({ ...e, seq: j + 1 })), { check: true }).divergences ?? [];
    expect(added).toEqual([expect.objectContaining({ kind: 'unexpected', seq: 3, actual: { type: deleted.type, data: deleted.data } })]);
  });

  it('what-if: stricter thresholds make lessons disappear; the recording profile changes nothing', () => {
    const events = record();
    const same = replaySession(events, { check: false, whatIf: { profile: 'anton', overrides: {}, detectors: accProfiles.anton } });
    expect(same.whatIf?.turns).toEqual([]);
    const strict = replaySession(events, { check: false, whatIf: { profile: 'anton', overrides: {}, detectors: { ...accProfiles.anton, minKills: 3, minToolErrorRun: 9 } } });
    const gone = strict.whatIf?.turns.flatMap((t) => t.disappeared) ?? [];
    expect(gone).toContain('acc.kill-loop.heavy');
    expect(gone).toContain('acc.repeated-tool-error');
    expect(strict.whatIf?.turns.flatMap((t) => t.appeared)).toEqual([]);
  });

  it('infers the post-mortem from llm.call events: with a model, lessons wait for the recorded answer', () => {
    const events = record();
    expect(replayParamsFor(events).cerebellum.postMortem).toBe('classifier');
    const withModel = [...events, { ...events[0], seq: events.length + 1, id: 'llm', type: 'llm.call.failed', source: 'llm', data: { callId: 'c', provider: 'p', role: 'coding', purpose: 'turn', reason: 'network', message: 'down', attempts: 1, latencyMs: 1 } } as unknown as AnyEnvelope];
    expect(replayParamsFor(withModel).cerebellum.postMortem).toBe('llm');
  });
});
