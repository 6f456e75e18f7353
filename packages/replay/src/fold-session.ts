import { draft, type AnyDraft, type AnyEnvelope } from '@engram/events';
import type { RegionCore } from '@engram/kernel';
import { answerCause, brainCores, reportCheckCore, storeAnswerCore, type BrainCoreParams } from '@engram/runtime/cores';
import type { DerivedEvent, ReplayCoreName } from './derived-event.js';
import type { ReplayParams } from './replay-params.js';

/** How often (in events) the fold reports progress: often enough for a live bar, rare enough to cost nothing. */
const PROGRESS_EVERY = 65_536;

/** A fold that takes events one at a time, so a log can be folded while it is read. */
export interface SessionFold {
  /** Folds the next recorded event (log order). */
  readonly step: (e: AnyEnvelope) => void;
  /**
   * What the cores derived so far: one list per params given, each in the order the bus would
   * have delivered it (per event: the answer and report checks, then the cores in `brainCores` order).
   */
  readonly derived: readonly DerivedEvent[][];
}

interface Running {
  readonly name: ReplayCoreName;
  readonly core: RegionCore<unknown, unknown>;
  readonly params: unknown;
  state: unknown;
}

/**
 * A draft is exactly `type`, `data` and an optional `causationId` (`Draft`), so it is copied field
 * by field: spreading it and then overriding `causationId` costs V8 a slow path (several µs an event).
 */
const stamp = (out: DerivedEvent[], core: ReplayCoreName, drafts: readonly AnyDraft[], e: AnyEnvelope): void => {
  for (const d of drafts)
    out.push({ type: d.type, data: d.data, core, causationId: d.causationId ?? e.id, causeSeq: e.seq, turn: e.turn, round: e.round } as DerivedEvent);
};

/** The cores replay folds for one params set: the checks of the store's answers and the executive's reports, then exactly `brainCores` (what a live session attaches). */
const running = (p: BrainCoreParams): Running[] => [
  // The checks first: what they derive stands for the recorded event itself, which the log holds before its consequences.
  { name: storeAnswerCore.id, core: storeAnswerCore, params: {}, state: storeAnswerCore.initialState({}) },
  { name: reportCheckCore.id, core: reportCheckCore, params: {}, state: reportCheckCore.initialState({}) },
  ...brainCores(p).map((c): Running => ({ name: c.id, core: c.core, params: c.params, state: c.core.initialState(c.params) })),
];

/**
 * Folds every core of `brainCores` event by event, with effects off: what each core's `react`
 * returns is collected, stamped with the causation the bus would give it (`attachCore`: the
 * draft's own, else the handled event's id), and never fed back, because the log already holds
 * what was published live, at the place it was delivered. Recorded outcomes (LLM answers, cell
 * results, the store's answers) stand in for I/O.
 *
 * The brain can be folded under several params at once (one derived list each). A streaming
 * replay needs that: the post-mortem mode is a property of the whole log (`inferPostMortem`),
 * known only at its end.
 */
export const createSessionFold = (params: readonly BrainCoreParams[]): SessionFold => {
  const brains = params.map(running);
  const derived: DerivedEvent[][] = params.map(() => []);
  const step = (e: AnyEnvelope): void => {
    for (let i = 0; i < brains.length; i++) {
      const out = derived[i] as DerivedEvent[];
      for (const r of brains[i] as Running[]) {
        r.state = r.core.evolve(r.state, e);
        const ds = r.core.react(r.state, e, r.params);
        if (ds.length > 0) stamp(out, r.name, ds, e);
        const checked = r.core.check?.(r.state, e);
        if (checked !== undefined && checked.length > 0) stamp(out, r.name, checked.map((d) => draft(d.type, d.data, answerCause(e.id)) as AnyDraft), e);
      }
    }
  };
  return { step, derived };
};

/** Folds every core over one session's recorded events in log order (see `createSessionFold`). */
export const foldSession = (events: readonly AnyEnvelope[], params: ReplayParams, onProgress?: (done: number, total: number) => void): DerivedEvent[] => {
  const fold = createSessionFold([params]);
  for (let i = 0; i < events.length; i++) {
    fold.step(events[i] as AnyEnvelope);
    if (onProgress !== undefined && (i + 1) % PROGRESS_EVERY === 0) onProgress(i + 1, events.length);
  }
  return fold.derived[0] as DerivedEvent[];
};
