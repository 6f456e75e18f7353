import type { AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import type { EventSink } from '@engram/kernel';
import { layerScripted, type Cassette } from '@engram/llm';
import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { CONSOLIDATION_TOOL } from '../consolidated-lessons.js';
import { consolidationCore, type ConsolidationState } from '../consolidation-core.js';
import { defaultConsolidationParams } from '../consolidation-params.js';
import { consolidateOnTurnEnd } from './consolidate-on-turn-end.js';

const models = { planning: 'plan-model', coding: 'code-model' };

/** A core fed two pads' cells and a turn end, the state the effect runs against. */
const stateAtTurnEnd = (): { state: ConsolidationState; turn: AnyEnvelope } => {
  let state = consolidationCore.initialState(defaultConsolidationParams);
  let seq = 0;
  const feed = (e: AnyEnvelope) => (state = consolidationCore.evolve(state, e));
  for (const pad of ['a', 'b']) {
    for (const [cellId, error] of [[`${pad}1`, ''], [`${pad}2`, `${pad} failed`]] as const) {
      feed(buildEvent('scratchpad.cell.requested', { pad, cellId, description: `work on ${pad}` }, { seq: ++seq }));
      feed(buildEvent('scratchpad.cell.executed', { pad, cellId, ok: error === '', stdout: '', error }, { seq: ++seq }));
    }
  }
  const turn = buildEvent('executive.turn.completed', {}, { seq: seq + 1, id: 'turn-1' }) as AnyEnvelope;
  feed(turn);
  return { state, turn };
};

const answer = (text: string) => ({
  model: 'code-model',
  content: [{ type: 'tool_use' as const, id: 'toolu_1', name: CONSOLIDATION_TOOL, input: { items: [{ text }, { text: ' ' }] } }],
  stopReason: 'tool_use',
  usage: { inputTokens: 10, outputTokens: 5 },
});

const run = (cassette: Cassette, state: ConsolidationState, turn: AnyEnvelope) => {
  const records: { type: string; causationId: string | null | undefined; data: unknown }[] = [];
  const sink: EventSink = { publish: (type, data, meta) => void records.push({ type, causationId: meta?.causationId, data }) };
  const layer = layerScripted({ cassette, name: 'inline' }, { models, sink });
  return Effect.runPromise(consolidateOnTurnEnd(state, turn).pipe(Effect.provide(layer))).then((outcomes) => ({ outcomes, records }));
};

describe('consolidateOnTurnEnd (Effect, scripted cassette)', () => {
  it('makes one call per replayed pad, in order, on the coding model, caused by the turn end', async () => {
    const { state, turn } = stateAtTurnEnd();
    const cassette: Cassette = {
      engramCassette: 1,
      entries: [
        { match: { purpose: 'consolidation', lastUserIncludes: 'ERROR: a failed' }, response: answer('lesson from a') },
        { match: { purpose: 'consolidation', lastUserIncludes: 'ERROR: b failed' }, response: answer('lesson from b') },
      ],
    };
    const { outcomes, records } = await run(cassette, state, turn);
    expect(outcomes).toEqual([
      { pad: 'a', cellIds: ['a1', 'a2'], status: 'extracted', items: [{ text: 'lesson from a', kind: 'lesson', scope: 'project', confidence: 'medium', topic: '' }] },
      { pad: 'b', cellIds: ['b1', 'b2'], status: 'extracted', items: [{ text: 'lesson from b', kind: 'lesson', scope: 'project', confidence: 'medium', topic: '' }] },
    ]);
    expect(records.map((r) => [r.type, r.causationId, (r.data as { role: string }).role])).toEqual([
      ['llm.call.completed', 'turn-1', 'coding'],
      ['llm.call.completed', 'turn-1', 'coding'],
    ]);
  });

  it('never fails: a failed call is an outcome, recorded by the port, and the next pad is still asked', async () => {
    const { state, turn } = stateAtTurnEnd();
    const cassette: Cassette = {
      engramCassette: 1,
      entries: [
        { match: { lastUserIncludes: 'ERROR: a failed' }, error: { reason: 'auth', message: 'scripted failure' } },
        { match: { lastUserIncludes: 'ERROR: b failed' }, response: answer('lesson from b') },
      ],
    };
    const { outcomes, records } = await run(cassette, state, turn);
    expect(outcomes.map((o) => [o.pad, o.status])).toEqual([
      ['a', 'failed'],
      ['b', 'extracted'],
    ]);
    expect(outcomes[0]).toMatchObject({ reason: 'auth' });
    expect(records.map((r) => r.type)).toEqual(['llm.call.failed', 'llm.call.completed']);
  });

  it('does nothing for any other event, or a turn end with nothing to replay', async () => {
    const { state } = stateAtTurnEnd();
    const cassette: Cassette = { engramCassette: 1, entries: [] };
    expect((await run(cassette, state, buildEvent('executive.turn.started') as AnyEnvelope)).outcomes).toEqual([]);
    expect((await run(cassette, state, buildEvent('executive.turn.completed', {}, { id: 'other' }) as AnyEnvelope)).outcomes).toEqual([]);
  });
});
