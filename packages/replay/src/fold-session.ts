import { accCore, type AccCoreParams } from '@engram/acc';
import { defaultRecipeParams, recipeCore } from '@engram/basal-ganglia';
import { cerebellumCore, type CerebellumParams, type CerebellumState } from '@engram/cerebellum';
import { cortexCore } from '@engram/cortex';
import type { AnyDraft, AnyEnvelope } from '@engram/events';
import type { DerivedEvent, ReplayCoreName } from './derived-event.js';
import type { ReplayParams } from './replay-params.js';

/** How often (in events) the fold reports progress: often enough for a live bar, rare enough to cost nothing. */
const PROGRESS_EVERY = 65_536;

const CORTEX_PARAMS = Object.freeze({});

/** A fold that takes events one at a time, so a log can be folded while it is read. */
export interface SessionFold {
  /** Folds the next recorded event (log order). */
  readonly step: (e: AnyEnvelope) => void;
  /**
   * What the cores derived so far: one list per cerebellum params given, each in the order the
   * bus would have delivered it (per event: acc, the basal ganglia's recipes, cerebellum, cortex).
   */
  readonly derived: readonly DerivedEvent[][];
}

/**
 * A draft is exactly `type`, `data` and an optional `causationId` (`Draft`), so it is copied field
 * by field: spreading it and then overriding `causationId` costs V8 a slow path (several µs an event).
 */
const stamp = (out: DerivedEvent[], core: ReplayCoreName, drafts: readonly AnyDraft[], e: AnyEnvelope): void => {
  for (const d of drafts)
    out.push({ type: d.type, data: d.data, core, causationId: d.causationId ?? e.id, causeSeq: e.seq, turn: e.turn, round: e.round } as DerivedEvent);
};

/**
 * Folds the acc, recipe (basal ganglia), cerebellum and cortex cores event by event, with effects off: what each core's
 * `react` returns is collected, stamped with the causation the bus would give it (`attachCore`:
 * the draft's own, else the handled event's id), and never fed back, because the log already
 * holds what was published live, at the place it was delivered. Recorded outcomes (LLM answers,
 * cell results, encodings) stand in for I/O.
 *
 * The cerebellum can be folded under several params at once (`cerebellum`), each with its own
 * derived list; acc, recipes and cortex run once and are shared. A streaming replay needs that: the
 * post-mortem mode is a property of the whole log (`inferPostMortem`), known only at its end.
 */
export const createSessionFold = (acc: AccCoreParams, cerebellum: readonly CerebellumParams[]): SessionFold => {
  let accState = accCore.initialState(acc);
  const cerebellumStates: CerebellumState[] = cerebellum.map((p) => cerebellumCore.initialState(p));
  let recipes = recipeCore.initialState(defaultRecipeParams);
  let cortex = cortexCore.initialState(CORTEX_PARAMS);
  const derived: DerivedEvent[][] = cerebellum.map(() => []);
  const step = (e: AnyEnvelope): void => {
    accState = accCore.evolve(accState, e);
    const a = accCore.react(accState, e, acc);
    recipes = recipeCore.evolve(recipes, e);
    const r = recipeCore.react(recipes, e, defaultRecipeParams);
    for (let i = 0; i < cerebellumStates.length; i++) {
      const s = cerebellumCore.evolve(cerebellumStates[i] as CerebellumState, e);
      cerebellumStates[i] = s;
      const c = cerebellumCore.react(s, e, cerebellum[i] as CerebellumParams);
      const out = derived[i] as DerivedEvent[];
      if (a.length > 0) stamp(out, 'acc', a, e);
      if (r.length > 0) stamp(out, 'basal-ganglia', r, e);
      if (c.length > 0) stamp(out, 'cerebellum', c, e);
    }
    cortex = cortexCore.evolve(cortex, e);
    const x = cortexCore.react(cortex, e, CORTEX_PARAMS);
    if (x.length > 0) for (const out of derived) stamp(out, 'cortex', x, e);
  };
  return { step, derived };
};

/** Folds every core over one session's recorded events in log order (see `createSessionFold`). */
export const foldSession = (events: readonly AnyEnvelope[], params: ReplayParams, onProgress?: (done: number, total: number) => void): DerivedEvent[] => {
  const fold = createSessionFold(params.acc, [params.cerebellum]);
  for (let i = 0; i < events.length; i++) {
    fold.step(events[i] as AnyEnvelope);
    if (onProgress !== undefined && (i + 1) % PROGRESS_EVERY === 0) onProgress(i + 1, events.length);
  }
  return fold.derived[0] as DerivedEvent[];
};
