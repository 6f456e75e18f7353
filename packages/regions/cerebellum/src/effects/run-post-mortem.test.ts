import type { EventData, EventType } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { type EventSink } from '@engram/kernel';
import { layerScripted, type Cassette } from '@engram/llm';
import { Effect } from 'effect';
import { describe, expect, it } from 'vitest';
import { cerebellumCore } from '../cerebellum-core.js';
import { defaultCerebellumParams } from '../cerebellum-params.js';
import { postMortemOnTurnEnd } from './post-mortem-on-turn-end.js';
import { runPostMortem } from './run-post-mortem.js';

const MODELS = { planning: 'p', coding: 'c' };

const cassette = (entry: Cassette['entries'][number]): Cassette => ({ engramCassette: 1, note: 'unit test', models: MODELS, entries: [entry] });

const answer = (lessons: unknown): Cassette =>
  cassette({
    match: { purpose: 'cerebellum' },
    response: { model: 'c', content: [{ type: 'tool_use', id: 't', name: 'DiffPassResult', input: { lessons } }], stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 } },
  });

const recorder = () => {
  const events: { type: EventType; data: unknown; causationId: string | null | undefined }[] = [];
  const sink: EventSink = { publish: <T extends EventType>(type: T, data: EventData<T>, meta?: { causationId?: string | null }) => void events.push({ type, data, causationId: meta?.causationId }) };
  return { events, sink };
};

/** A core state with one flush pending under `done`. */
const pendingState = () => {
  let s = cerebellumCore.initialState(defaultCerebellumParams);
  for (const e of [
    buildEvent('executive.turn.started', {}, { seq: 1 }),
    buildEvent('scratchpad.cell.executed', { cellId: 'c1', ok: false, error: 'KeyError: x' }, { seq: 2 }),
    buildEvent('executive.turn.completed', {}, { seq: 3, id: 'done' }),
  ])
    s = cerebellumCore.evolve(s, e);
  return s;
};

describe('runPostMortem (Effect, Llm service)', () => {
  it('returns the selected lessons and records the call on the coding role with the flush as causation', async () => {
    const { events, sink } = recorder();
    const flush = { id: 'done', cells: pendingState().pending.get('done')?.cells ?? [], dropped: 0 };
    const lessons = await Effect.runPromise(
      runPostMortem(flush, 3).pipe(Effect.provide(layerScripted({ cassette: answer([{ text: 'Check keys.' }]), name: 'inline' }, { models: MODELS, sink }))),
    );
    expect(lessons).toEqual([{ text: 'Check keys.', topic: 'scratchpad' }]);
    expect(events).toMatchObject([{ type: 'llm.call.completed', data: { role: 'coding', purpose: 'cerebellum', model: 'c' }, causationId: 'done' }]);
  });

  it('postMortemOnTurnEnd never fails: a failed call is only recorded (the core falls back on the record)', async () => {
    const { events, sink } = recorder();
    const failing = cassette({ match: { purpose: 'cerebellum' }, error: { reason: 'auth', message: 'scripted failure' } });
    const state = pendingState();
    await Effect.runPromise(
      postMortemOnTurnEnd(state, buildEvent('executive.turn.completed', {}, { id: 'done' })).pipe(
        Effect.provide(layerScripted({ cassette: failing, name: 'inline' }, { models: MODELS, sink })),
      ),
    );
    expect(events.map((e) => [e.type, e.causationId])).toEqual([['llm.call.failed', 'done']]);
    expect(state.pending.has('done')).toBe(true);
  });

  it('does nothing for other events or a turn with nothing pending', async () => {
    const { events, sink } = recorder();
    const layer = layerScripted({ cassette: answer([]), name: 'inline' }, { models: MODELS, sink });
    await Effect.runPromise(postMortemOnTurnEnd(pendingState(), buildEvent('executive.turn.completed', {}, { id: 'other' })).pipe(Effect.provide(layer)));
    await Effect.runPromise(postMortemOnTurnEnd(pendingState(), buildEvent('executive.turn.started')).pipe(Effect.provide(layer)));
    expect(events).toEqual([]);
  });
});
