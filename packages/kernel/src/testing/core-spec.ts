import type { AnyDraft, AnyEnvelope, EventType } from '@engram/events';
import type { RegionCore } from '../region-core.js';

/** What a spec expects a core to publish: the type, and optionally a subset of the data that must match. */
export interface ExpectedDraft {
  readonly type: EventType;
  readonly data?: unknown;
}

/** What `when` folded: the drafts the core published for the `when` events (causation stamped) and its state after them. */
export interface CoreOutcome<S> {
  readonly published: readonly AnyDraft[];
  readonly state: S;
  /** Asserts the published drafts, in order: each has the expected type and contains the expected data. */
  then(expected: readonly ExpectedDraft[]): CoreOutcome<S>;
  /** Asserts the core published nothing. */
  thenNothing(): CoreOutcome<S>;
}

export interface CoreSpec<S> {
  /**
   * `history` is what the log already held: folded through `evolve` only, never reacted to,
   * exactly as a resumed session or replay's starting point treats it.
   */
  given(history: Iterable<AnyEnvelope>): { when(events: Iterable<AnyEnvelope>): CoreOutcome<S> };
  /** No history: `when` is the whole log. */
  when(events: Iterable<AnyEnvelope>): CoreOutcome<S>;
}

/** `expected` holds when every key it names matches in `actual` (arrays: same length, element by element). */
const contains = (actual: unknown, expected: unknown): boolean => {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected);
  if (actual === null || typeof actual !== 'object') return false;
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((x, i) => contains(actual[i], x));
  return Object.entries(expected).every(([k, v]) => contains((actual as Record<string, unknown>)[k], v));
};

const show = (drafts: readonly { type: string; data?: unknown }[]): string => drafts.map((d) => `  ${d.type} ${JSON.stringify(d.data)}`).join('\n') || '  (nothing)';

const outcome = <S>(published: readonly AnyDraft[], state: S): CoreOutcome<S> => {
  const self: CoreOutcome<S> = {
    published,
    state,
    then(expected) {
      const ok = published.length === expected.length && expected.every((x, i) => published[i]?.type === x.type && (x.data === undefined || contains(published[i]?.data, x.data)));
      if (!ok) throw new Error(`the core published\n${show(published)}\nbut the spec expected\n${show(expected)}`);
      return self;
    },
    thenNothing() {
      return self.then([]);
    },
  };
  return self;
};

/**
 * Given/when/then specs for a region core (the decider-spec shape): what the log held, what
 * happens next, what the core publishes. One helper for every region's fixtures, so each
 * region's spec reads the same and a reader learns the shape once.
 */
export const coreSpec = <S, P>(core: RegionCore<S, P>, params: P): CoreSpec<S> => {
  const run = (history: Iterable<AnyEnvelope>, events: Iterable<AnyEnvelope>): CoreOutcome<S> => {
    let state = core.initialState(params);
    for (const e of history) state = core.evolve(state, e);
    const published: AnyDraft[] = [];
    for (const e of events) {
      state = core.evolve(state, e);
      for (const d of core.react(state, e, params)) published.push(d.causationId === undefined ? { ...d, causationId: e.id } : d);
    }
    return outcome(published, state);
  };
  return { given: (history) => ({ when: (events) => run(history, events) }), when: (events) => run([], events) };
};
