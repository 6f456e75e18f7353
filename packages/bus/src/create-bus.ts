import { parseEnvSwitch } from '@engram/kernel/env';
import { catalog, isEventType, sourceOf, validateData, type AnyEnvelope, type Envelope, type EventData, type EventType, type Source } from '@engram/events';
import { randomIds, systemClock, type Clock, type IdSource } from '@engram/kernel';
import { Observable, Subscription } from 'rxjs';
import type { Bus, PublishMeta } from './bus.js';
import { EventValidationError, UnknownEventTypeError } from './bus-errors.js';

export interface BusOptions {
  readonly sessionId: string;
  readonly clock?: Clock;
  readonly ids?: IdSource;
  /** Validate payloads against their schema. Default: `ENGRAM_VALIDATE` (0/false = off), else on unless NODE_ENV=production. */
  readonly validate?: boolean;
  /** The seq of the last event already in this session's log, so new events continue it. */
  readonly lastSeq?: number;
  /** Where a resumed session's log left off (turn, round), so new events continue its numbering. */
  readonly position?: { readonly turn: number; readonly round: number };
}

interface Handler {
  readonly name: string;
  readonly fn: (e: AnyEnvelope) => void;
}

export const validationDefault = (env: NodeJS.ProcessEnv = process.env): boolean => {
  if ((env.ENGRAM_VALIDATE?.trim() ?? '') === '') return env.NODE_ENV !== 'production';
  return parseEnvSwitch('ENGRAM_VALIDATE', env.ENGRAM_VALIDATE, true);
};

/**
 * ISO time strings cost more than the rest of a publish; events within one millisecond share one.
 */
const isoCache = () => {
  let lastMs = Number.NaN;
  let lastIso = '';
  return (ms: number): string => {
    if (ms !== lastMs) {
      lastMs = ms;
      lastIso = new Date(ms).toISOString();
    }
    return lastIso;
  };
};

export const createBus = (options: BusOptions): Bus => {
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds();
  const validate = options.validate ?? validationDefault();
  const iso = isoCache();
  const sessionId = options.sessionId;

  let handlers: readonly Handler[] = [];
  let seq = options.lastSeq ?? 0;
  let turn = options.position?.turn ?? 0;
  let round = options.position?.round ?? 0;
  let closed = false;
  /** FIFO of stamped events awaiting delivery; `head` avoids O(n) shifts. */
  let queue: AnyEnvelope[] = [];
  let head = 0;
  let delivering: AnyEnvelope | null = null;
  const completions = new Set<() => void>();

  const addHandler = (h: Handler): Subscription => {
    handlers = [...handlers, h];
    return new Subscription(() => {
      handlers = handlers.filter((x) => x !== h);
    });
  };

  const reportFailure = (h: Handler, e: AnyEnvelope, err: unknown) => {
    // A handler failing on a failure report would loop forever: those are dropped.
    if (e.type === 'bus.subscriber.failed') return;
    const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    stampAndEnqueue('bus.subscriber.failed', { subscriber: h.name, eventId: e.id, eventType: e.type, error }, { causationId: e.id });
  };

  const drain = () => {
    while (head < queue.length) {
      const e = queue[head++] as AnyEnvelope;
      delivering = e;
      const current = handlers;
      for (let i = 0; i < current.length; i++) {
        const h = current[i] as Handler;
        try {
          h.fn(e);
        } catch (err) {
          reportFailure(h, e, err);
        }
      }
    }
    delivering = null;
    queue = [];
    head = 0;
  };

  const stampAndEnqueue = <T extends EventType>(type: T, data: EventData<T>, meta: PublishMeta | undefined): Envelope<T> => {
    if (type === 'executive.turn.started') {
      turn = meta?.turn ?? turn + 1;
      round = 0;
    } else if (type === 'executive.round.started') {
      round = (data as EventData<'executive.round.started'>).round;
    }
    const envelope: Envelope<T> = {
      seq: ++seq,
      id: ids.next(),
      at: iso(clock.now()),
      sessionId,
      turn: meta?.turn ?? turn,
      round: meta?.round ?? round,
      source: sourceOf(type) as Source,
      causationId: meta?.causationId !== undefined ? meta.causationId : (delivering?.id ?? null),
      type,
      v: catalog[type].v,
      data,
    };
    queue.push(envelope as unknown as AnyEnvelope);
    return envelope;
  };

  const publish = <T extends EventType>(type: T, data: EventData<T>, meta?: PublishMeta): Envelope<T> => {
    if (closed) throw new Error(`bus of session ${sessionId} is closed; cannot publish ${type}`);
    if (!isEventType(type)) throw new UnknownEventTypeError(type);
    if (validate) {
      const issues = validateData(type, data);
      if (issues.length) throw new EventValidationError(type, issues);
    }
    const envelope = stampAndEnqueue(type, data, meta);
    if (delivering === null) drain();
    return envelope;
  };

  const events$ = new Observable<AnyEnvelope>((subscriber) => {
    if (closed) {
      subscriber.complete();
      return;
    }
    const complete = () => subscriber.complete();
    completions.add(complete);
    const sub = addHandler({ name: 'events$', fn: (e) => subscriber.next(e) });
    return () => {
      completions.delete(complete);
      sub.unsubscribe();
    };
  });

  return {
    sessionId,
    events$,
    publish,
    subscribe: (name, fn) => addHandler({ name, fn }),
    get position() {
      return { turn, round };
    },
    get lastSeq() {
      return seq;
    },
    close: () => {
      if (closed) return;
      closed = true;
      for (const c of [...completions]) c();
      handlers = [];
    },
  };
};
