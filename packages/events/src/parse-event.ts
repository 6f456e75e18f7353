import type { z } from 'zod';
import { catalog, isEventType } from './catalog.js';
import { EnvelopeSchema, sourceOf, type AnyEnvelope } from './envelope.js';

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

/**
 * Reads one event from untrusted input (a log line, a host call): checks the envelope, refuses
 * unknown types, lifts older versions through the upcasters, then checks the data against the
 * current schema. Returns every problem found, each naming its field.
 */
export const parseEvent = (raw: unknown): ParseResult => {
  const env = EnvelopeSchema.safeParse(raw);
  if (!env.success) return { ok: false, issues: toIssues(env.error, '') };
  const e = env.data;
  if (!isEventType(e.type)) return { ok: false, issues: [{ field: 'type', problem: `unknown event type "${e.type}"` }] };
  const def = catalog[e.type];
  if (sourceOf(e.type) !== e.source)
    return { ok: false, issues: [{ field: 'source', problem: `"${e.source}" does not match the type's source "${sourceOf(e.type)}"` }] };
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
  return { ok: true, event: { ...e, v: def.v, data: parsed.data } as AnyEnvelope };
};

/** Checks only the data of a known type, as the bus does when validation is on. */
export const validateData = (type: string, data: unknown): readonly EventIssue[] => {
  if (!isEventType(type)) return [{ field: 'type', problem: `unknown event type "${type}"` }];
  const r = catalog[type].schema.safeParse(data);
  return r.success ? [] : toIssues(r.error, 'data');
};
