import { z } from 'zod';
import { defineEvent } from '../define-event.js';
import { Count } from './shared-schemas.js';

/** Facts about the machinery itself. */

const subscriberFailed = defineEvent({
  type: 'bus.subscriber.failed',
  v: 1,
  schema: () => z.object({ subscriber: z.string(), eventId: z.string(), eventType: z.string(), error: z.string() }),
  emitter: 'bus',
  consumers: ['host', 'audit'],
  description: 'A subscriber threw while handling an event; the publisher and the other subscribers went on.',
});

const logRepaired = defineEvent({
  type: 'store.log.repaired',
  v: 1,
  schema: () => z.object({
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

const logRedacted = defineEvent({
  type: 'store.log.redacted',
  v: 1,
  schema: () => z.object({
    /** The marker that now stands where the subject stood (`[FORGOTTEN]`, or `[ERASED]` when the subject is in that). */
    marker: z.string(),
    /** Events whose data held the subject; their seqs, ids and order are unchanged. */
    events: Count,
    /** Occurrences replaced in all. */
    occurrences: Count,
    /** Lines that were not valid JSON, redacted as plain text. */
    rawLines: Count,
    /** The seqs of the redacted events (replay compares them modulo the marker). */
    seqs: z.array(Count),
    by: z.literal('forget'),
  }),
  emitter: 'store',
  consumers: ['replay', 'audit', 'host'],
  description: '`engram memory forget` redacted a subject from this log: what and when, never the text. Appended after the rewrite.',
});

export const infraEvents = [subscriberFailed, logRepaired, logRedacted] as const;
