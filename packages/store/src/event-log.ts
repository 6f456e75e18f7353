import type { AnyEnvelope } from '@engram/events';
import { Context, type Effect, type Stream } from 'effect';
import type { LogProblem } from './log-problem.js';
import type { StoreError } from './store-error.js';

export interface ReadRange {
  readonly fromSeq?: number;
  readonly toSeq?: number;
}

export interface SessionRead {
  readonly events: readonly AnyEnvelope[];
  /** Bad lines skipped (file backends only; always empty in memory). */
  readonly problems: readonly LogProblem[];
}

/**
 * The durable event log, one log per session. Backends: in-memory and JSONL files (later
 * PostgreSQL); one contract suite checks them all.
 */
export class EventLog extends Context.Service<
  EventLog,
  {
    /** Appends a batch atomically with respect to other writers; seq is (re)assigned under the log's lock. */
    readonly append: (sessionId: string, events: readonly AnyEnvelope[]) => Effect.Effect<readonly AnyEnvelope[], StoreError>;
    readonly read: (sessionId: string, range?: ReadRange) => Effect.Effect<SessionRead, StoreError>;
    /** Live events as they are appended, starting with those already there (from `fromSeq`). */
    readonly follow: (sessionId: string, range?: Pick<ReadRange, 'fromSeq'>) => Stream.Stream<AnyEnvelope, StoreError>;
    /** Makes the session's appended events durable (called at turn end). */
    readonly sync: (sessionId: string) => Effect.Effect<void, StoreError>;
    readonly sessions: () => Effect.Effect<readonly string[], StoreError>;
    /** Syncs and releases every open log. */
    readonly close: () => Effect.Effect<void, StoreError>;
  }
>()('@engram/store/EventLog') {}
