import type { EventData, EventType } from '@engram/events';

/** Where effects publish their outcome events: the bus implements it; tests can collect into an array. */
export interface EventSink {
  publish<T extends EventType>(type: T, data: EventData<T>, meta?: { readonly causationId?: string | null }): void;
}
