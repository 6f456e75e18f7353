import { createHash } from 'node:crypto';
import { compareCodeUnits } from '@engram/kernel';

/**
 * Top-level input keys that describe a call instead of determining it: Claude Code's Bash and
 * Task tools carry a `description` the model rewrites on every retry ("Run the build", "Retry the
 * build"), so two runs of one command must not differ by it.
 */
export const DESCRIPTIVE_INPUT_KEYS: readonly string[] = ['description'];

/** Characters of the signature's hex digest kept: 64 bits, so two inputs of one turn never share a key by chance. */
const SIGNATURE_HEX_CHARS = 16;

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** An ISO-8601 date-time (`2026-11-24T10:15:00Z`, `2026-11-24 10:15:00.123+01:00`). */
const ISO_TIME = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\b/g;

/**
 * The parts of a string that change between two runs of the same call without changing what it
 * does: surrounding whitespace (a trailing newline), request ids (UUIDs) and timestamps. Unlike
 * the error-signature normaliser, paths, numbers and quoted values are kept: in an input they are
 * what the call is about (`cat a.txt` and `cat b.txt` are two calls).
 */
const normaliseString = (s: string): string => s.trim().replace(UUID, '<uuid>').replace(ISO_TIME, '<time>');

/** Canonical JSON: keys sorted, strings normalised, what JSON cannot hold dropped as JSON.stringify drops it. */
const canonical = (value: unknown, top: boolean): string => {
  if (typeof value === 'string') return JSON.stringify(normaliseString(value));
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, false)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([k, v]) => v !== undefined && typeof v !== 'function' && !(top && DESCRIPTIVE_INPUT_KEYS.includes(k)))
    .sort(([a], [b]) => compareCodeUnits(a, b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, false)}`).join(',')}}`;
};

/**
 * A stable signature of a tool call's input, so the breaker counts "the same call failing the
 * same way" per input instead of per tool: equal for inputs that differ only in key order,
 * descriptive keys or volatile parts, different as soon as a value that matters changes. A short
 * hash of the canonical form, because inputs can be whole files and the signature is recorded.
 * The input it is given is the recorded (scrubbed) one, so replay computes the same signature.
 */
export const inputSignature = (input: unknown): string =>
  createHash('sha256')
    .update(canonical(input, true))
    .digest('hex')
    .slice(0, SIGNATURE_HEX_CHARS);
