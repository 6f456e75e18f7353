import type { AnyDraft, AnyEnvelope } from '@engram/events';
import { buildStream } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../support/load-fixtures.js';
import { consolidationCore, defaultConsolidationParams, pendingReplays, type ConsolidationParams } from '@engram/cortex';

interface Fixture {
  readonly why: string;
  readonly given: Partial<ConsolidationParams>;
  readonly when: Parameters<typeof buildStream>[0];
  readonly then: {
    readonly replays: { at: string; pad: string; cellIds: string[] }[];
    readonly proposals: { text: string; kind?: string; scope?: string; confidence?: string; gate?: string }[];
  };
}

const fixtures = loadFixtures<Fixture>('consolidation');

/** Folds the log through the core (effects off), noting the replays each turn end asked for. */
const replayLog = (events: readonly AnyEnvelope[], params: ConsolidationParams) => {
  let state = consolidationCore.initialState(params);
  const published: AnyDraft[] = [];
  const replays: { at: string; pad: string; cellIds: string[] }[] = [];
  for (const e of events) {
    state = consolidationCore.evolve(state, e);
    published.push(...consolidationCore.react(state, e, params));
    if (e.type === 'executive.turn.completed') for (const r of pendingReplays(state, e.id)) replays.push({ at: e.id, pad: r.pad, cellIds: r.cells.map((c) => c.cellId) });
  }
  return { published, replays };
};

describe('consolidation event fixtures (given params; when the log folds through the core, effects off)', () => {
  it('has fixtures', () => expect(fixtures.length).toBeGreaterThanOrEqual(5));

  it.each(fixtures)('$file', ({ fixture }) => {
    const { published, replays } = replayLog(buildStream(fixture.when), { ...defaultConsolidationParams, ...fixture.given });
    expect(replays).toEqual(fixture.then.replays);
    const proposals = published.flatMap((d) => (d.type === 'cortex.engram.proposed' ? [d.data] : []));
    expect(proposals.map((p) => p.engram.text)).toEqual(fixture.then.proposals.map((p) => p.text));
    expect(proposals.every((p) => p.origin === 'consolidation' && p.engram.source === 'consolidation')).toBe(true);
    fixture.then.proposals.forEach((want, i) => {
      const got = proposals[i];
      if (want.kind !== undefined) expect(got?.engram.kind).toBe(want.kind);
      if (want.scope !== undefined) expect(got?.engram.scope).toBe(want.scope);
      if (want.confidence !== undefined) expect(got?.engram.confidence).toBe(want.confidence);
      if (want.gate !== undefined) expect(got?.gate).toBe(want.gate);
    });
  });
});
