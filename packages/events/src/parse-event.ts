import type { z } from 'zod';
import { catalog, isEventType, type EventType } from './catalog.js';
import type { EventDefinition } from './define-event.js';
import { EnvelopeSchema, sourceOf, type AnyEnvelope } from './envelope.js';
import { SOURCES } from './sources.js';

/** One thing wrong with a stored event: the dotted field path (`data.pad`) and what is wrong. */
export interface EventIssue {
  readonly field: string;
  readonly problem: string;
}

export type ParseResult = { readonly ok: true; readonly event: AnyEnvelope } | { readonly ok: false; readonly issues: readonly EventIssue[] };

const toIssues = (error: z.ZodError, prefix: string): EventIssue[] =>
  error.issues.map((i) => ({
    field: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || '(root)',
    problem: i.message,
  }));

const SOURCE_SET: ReadonlySet<string> = new Set(SOURCES);
/** ISO-8601 date-time with an offset, as the envelope schema requires; stricter ranges than needed is fine (zod explains failures). */
const ISO_DATETIME = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** The catalog as a Map, with each type's source: a hash lookup per log line instead of a probe on a big dictionary object and a slice. */
const DEFINITIONS: ReadonlyMap<string, { readonly def: EventDefinition<EventType>; readonly source: string }> = new Map(
  (Object.values(catalog) as EventDefinition<EventType>[]).map((def) => [def.type, { def, source: sourceOf(def.type) }]),
);

type RawEnvelope = { [K in keyof typeof EnvelopeSchema.shape]: unknown };
const isNat = (x: unknown, min: number): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= min;

/**
 * The hot path of reading logs: a hand-written check of the envelope that accepts only what the
 * zod schema accepts. When it says no, zod runs to explain why, field by field.
 */
export const fastEnvelope = (raw: unknown): z.infer<typeof EnvelopeSchema> | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as RawEnvelope;
  if (
    isNat(r.seq, 1) &&
    typeof r.id === 'string' &&
    r.id.length > 0 &&
    typeof r.at === 'string' &&
    ISO_DATETIME.test(r.at) &&
    typeof r.sessionId === 'string' &&
    r.sessionId.length > 0 &&
    isNat(r.turn, 0) &&
    isNat(r.round, 0) &&
    typeof r.source === 'string' &&
    SOURCE_SET.has(r.source) &&
    (r.causationId === null || typeof r.causationId === 'string') &&
    typeof r.type === 'string' &&
    r.type.length > 0 &&
    isNat(r.v, 1) &&
    'data' in r
  )
    return { seq: r.seq, id: r.id, at: r.at, sessionId: r.sessionId, turn: r.turn, round: r.round, source: r.source as never, causationId: r.causationId, type: r.type, v: r.v, data: r.data };
  return null;
};

/**
 * Reads one event from untrusted input (a log line, a host call): checks the envelope, refuses
 * unknown types, lifts older versions through the upcasters, then checks the data against the
 * current schema. Returns every problem found, each naming its field.
 */
export const parseEvent = (raw: unknown): ParseResult => {
  let e = fastEnvelope(raw);
  if (e === null) {
    const env = EnvelopeSchema.safeParse(raw);
    if (!env.success) return { ok: false, issues: toIssues(env.error, '') };
    e = env.data;
  }
  const known = DEFINITIONS.get(e.type);
  if (known === undefined) return { ok: false, issues: [{ field: 'type', problem: `unknown event type "${e.type}"` }] };
  const def = known.def;
  if (known.source !== e.source) return { ok: false, issues: [{ field: 'source', problem: `"${e.source}" does not match the type's source "${known.source}"` }] };
  if (e.v > def.v) return { ok: false, issues: [{ field: 'v', problem: `version ${e.v} is newer than this engram knows (${def.v})` }] };
  let data = e.data;
  for (let v = e.v; v < def.v; v++) {
    const up = def.upcasters?.[v];
    if (!up) return { ok: false, issues: [{ field: 'v', problem: `no upcaster from version ${v} of ${e.type}` }] };
    try {
      data = up(data);
    } catch (err) {
      return { ok: false, issues: [{ field: 'data', problem: `version ${v} data could not be upcast: ${(err as Error).message.split('\n')[0]}` }] };
    }
  }
  const parsed = def.schema.safeParse(data);
  if (!parsed.success) return { ok: false, issues: toIssues(parsed.error, 'data') };
  // The catalog's own (interned) copy of the same string: the cores compare types on every event.
  e.type = def.type;
  e.v = def.v;
  e.data = parsed.data;
  return { ok: true, event: e as AnyEnvelope };
};

/** Checks only the data of a known type, as the bus does when validation is on. */
export const validateData = (type: string, data: unknown): readonly EventIssue[] => {
  if (!isEventType(type)) return [{ field: 'type', problem: `unknown event type "${type}"` }];
  const r = catalog[type].schema.safeParse(data);
  return r.success ? [] : toIssues(r.error, 'data');
};
