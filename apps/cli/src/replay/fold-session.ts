import { accCore } from '@engram/acc';
import { cerebellumCore } from '@engram/cerebellum';
import { cortexCore } from '@engram/cortex';
import type { AnyDraft, AnyEnvelope } from '@engram/events';
import type { DerivedEvent, ReplayCoreName } from './derived-event.js';
import type { ReplayParams } from './replay-params.js';

/** How often (in events) the fold reports progress: often enough for a live bar, rare enough to cost nothing. */
const PROGRESS_EVERY = 65_536;

const CORTEX_PARAMS = Object.freeze({});

/**
 * Folds the acc, cerebellum and cortex cores over one session's recorded events in log order,
 * with effects off: what each core's `react` returns is collected, stamped with the causation the
 * bus would give it (`attachCore`: the draft's own, else the handled event's id), and never fed
 * back, because the log already holds what was published live, at the place it was delivered.
 * Recorded outcomes (LLM answers, cell results, encodings) stand in for I/O.
 */
export const foldSession = (events: readonly AnyEnvelope[], params: ReplayParams, onProgress?: (done: number, total: number) => void): DerivedEvent[] => {
  let acc = accCore.initialState(params.acc);
  let cerebellum = cerebellumCore.initialState(params.cerebellum);
  let cortex = cortexCore.initialState(CORTEX_PARAMS);
  const derived: DerivedEvent[] = [];
  const collect = (core: ReplayCoreName, drafts: readonly AnyDraft[], e: AnyEnvelope): void => {
    for (const d of drafts)
      derived.push({ ...d, core, causationId: d.causationId ?? e.id, causeSeq: e.seq, turn: e.turn, round: e.round });
  };
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as AnyEnvelope;
    acc = accCore.evolve(acc, e);
    const a = accCore.react(acc, e, params.acc);
    if (a.length > 0) collect('acc', a, e);
    cerebellum = cerebellumCore.evolve(cerebellum, e);
    const c = cerebellumCore.react(cerebellum, e, params.cerebellum);
    if (c.length > 0) collect('cerebellum', c, e);
    cortex = cortexCore.evolve(cortex, e);
    const x = cortexCore.react(cortex, e, CORTEX_PARAMS);
    if (x.length > 0) collect('cortex', x, e);
    if (onProgress !== undefined && (i + 1) % PROGRESS_EVERY === 0) onProgress(i + 1, events.length);
  }
  return derived;
};
