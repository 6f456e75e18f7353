import type { EventData, EventType } from './catalog.js';

/** An event before the bus stamps it: what a core or an effect asks to publish. */
export type Draft<T extends EventType = EventType> = {
  readonly type: T;
  readonly data: EventData<T>;
  /** Defaults to the event being handled when the draft was produced (if any). */
  readonly causationId?: string | null;
};

/** The union of drafts of every type, narrowing on `type`. */
export type AnyDraft = { [T in EventType]: Draft<T> }[EventType];

export const draft = <T extends EventType>(type: T, data: EventData<T>, causationId?: string | null): Draft<T> =>
  causationId === undefined ? { type, data } : { type, data, causationId };
