import type { AnyEnvelope, Envelope, EventData, EventType } from '@engram/events';
import type { EventSink } from '@engram/kernel';
import type { Observable, Subscription } from 'rxjs';

export interface PublishMeta {
  /** The event that caused this one; defaults to the event being delivered when publish is called. */
  readonly causationId?: string | null;
  readonly turn?: number;
  readonly round?: number;
}

/**
 * The typed, synchronous, multicast bus of one session. Every event is a fact stamped at the edge
 * with seq, id and time from the injected clock and id source.
 */
export interface Bus extends EventSink {
  readonly sessionId: string;
  /** Every event, in publish order. Errors thrown by plain RxJS subscribers follow RxJS rules; use `subscribe` for isolation. */
  readonly events$: Observable<AnyEnvelope>;
  /** Stamps and delivers (or queues, when called during a delivery) one event; returns the stamped envelope. */
  publish<T extends EventType>(type: T, data: EventData<T>, meta?: PublishMeta): Envelope<T>;
  /**
   * A named handler, isolated: if it throws, the failure becomes a `bus.subscriber.failed` event
   * and delivery goes on to the other subscribers.
   */
  subscribe(name: string, handler: (event: AnyEnvelope) => void): Subscription;
  /** Where the session is (turn, round); events without explicit placement get these. */
  readonly position: { readonly turn: number; readonly round: number };
  /** The seq of the last stamped event (0 before any). */
  readonly lastSeq: number;
  /** Ends `events$` for every observer. */
  close(): void;
}
