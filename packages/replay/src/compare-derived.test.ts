import { draft, type AnyEnvelope } from '@engram/events';
import { describe, expect, it } from 'vitest';
import { compareDerived } from './compare-derived.js';
import { isDerivedType } from './derived-types.js';
import { foldSession } from './fold-session.js';
import { recordSession, type RecordedInput } from './record-session.js';
import { replayParamsFor } from './replay-params.js';
import { syntheticEffects, syntheticTurn } from './synthetic-session.js';

const record = (): AnyEnvelope[] => {
  const inputs: RecordedInput[] = [{ draft: draft('executive.session.started', { project: '/p', home: '/h', modes: { memory: 'autopilot', acc: 'active' } }), turn: 0, round: 0 }];
  for (let t = 1; t <= 5; t++) inputs.push(...syntheticTurn(t));
  return recordSession(inputs, replayParamsFor([]), { sessionId: '20261122_031500_cmpd', effects: syntheticEffects() });
};

/** The log with derived events `i` and `j` (of different causes) trading places, seq renumbered. */
const swapped = (events: readonly AnyEnvelope[], i: number, j: number): AnyEnvelope[] =>
  events.map((e, k) => (k === i ? events[j] : k === j ? events[i] : e) as AnyEnvelope).map((e, k) => ({ ...e, seq: k + 1 }));

describe('compareDerived', () => {
  it('matches per cause, not by position: derived events recorded out of order are no divergence', () => {
    const events = record();
    const derivedAt = events.flatMap((e, k) => (isDerivedType(e.type) ? [k] : []));
    const [i, j] = [derivedAt[0] ?? -1, derivedAt.find((k) => events[k]?.causationId !== events[derivedAt[0] ?? -1]?.causationId) ?? -1];
    expect(i).toBeGreaterThan(-1);
    expect(j).toBeGreaterThan(i);
    const out = swapped(events, i, j);
    expect(compareDerived(out, foldSession(events, replayParamsFor(events)))).toEqual([]);
  });

  it('reports an edited field even when everything else lines up in order', () => {
    const events = record();
    const derived = foldSession(events, replayParamsFor(events));
    const k = events.findIndex((e) => e.type === 'cerebellum.error.classified');
    const original = events[k] as AnyEnvelope & { type: 'cerebellum.error.classified' };
    const edited: AnyEnvelope[] = events.map((e, n) => (n === k ? { ...original, data: { ...original.data, hint: 'edited' } } : e));
    expect(compareDerived(edited, derived)).toEqual([expect.objectContaining({ kind: 'different', seq: original.seq, fields: ['hint'] })]);
  });
});
