import { z } from 'zod';
import type { EventData, EventType } from './catalog.js';
import { SourceSchema, type Source } from './sources.js';

/**
 * The envelope every event travels in. `seq` is per log (assigned under the log's lock),
 * `causationId` is the id of the event that caused this one, `turn` and `round` place it in the
 * session (0 = outside any turn / round).
 */
export const EnvelopeSchema = z.object({
  seq: z.number().int().min(1),
  id: z.string().min(1),
  at: z.iso.datetime({ offset: true }),
  sessionId: z.string().min(1),
  turn: z.number().int().nonnegative(),
  round: z.number().int().nonnegative(),
  source: SourceSchema,
  causationId: z.string().nullable(),
  type: z.string().min(1),
  v: z.number().int().min(1),
  data: z.unknown(),
});

export interface Envelope<T extends EventType = EventType> {
  readonly seq: number;
  readonly id: string;
  readonly at: string;
  readonly sessionId: string;
  readonly turn: number;
  readonly round: number;
  readonly source: Source;
  readonly causationId: string | null;
  readonly type: T;
  readonly v: number;
  readonly data: EventData<T>;
}

/** The discriminated union of every envelope: narrowing on `type` narrows `data`. */
export type AnyEnvelope = { [T in EventType]: Envelope<T> }[EventType];

/** The source of a type is its first segment (`scratchpad.cell.executed` -> `scratchpad`). */
export const sourceOf = (type: string): string => type.slice(0, type.indexOf('.'));
