import { z } from 'zod';
import { defineEvent } from '../define-event.js';
import { Count } from './shared-schemas.js';

/** Facts about the machinery itself. */

export const subscriberFailed = defineEvent({
  type: 'bus.subscriber.failed',
  v: 1,
  schema: z.object({ subscriber: z.string(), eventId: z.string(), eventType: z.string(), error: z.string() }),
  emitter: 'bus',
  consumers: ['host', 'audit'],
  description: 'A subscriber threw while handling an event; the publisher and the other subscribers went on.',
});

export const logRepaired = defineEvent({
  type: 'store.log.repaired',
  v: 1,
  schema: z.object({
    file: z.string(),
    /** Bytes cut from the torn tail. */
    truncatedBytes: Count,
    /** seq of the last complete event kept. */
    lastSeq: Count,
    /** The start of what was cut, for the record. */
    tornText: z.string(),
  }),
  emitter: 'store',
  consumers: ['audit', 'host'],
  description: 'A writer found a torn last line (a crashed append) and truncated the log back to the last complete event.',
});

export const infraEvents = [subscriberFailed, logRepaired] as const;
