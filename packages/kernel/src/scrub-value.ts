import { redacted, scrubSecrets } from './secret-scrubber.js';

/** Object keys whose value is a secret whatever it looks like (`{ "password": "hunter2" }`). */
const SECRET_FIELD = /pass(?:word|wd|phrase)?$|pwd$|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|authorization|credentials?|cookie/i;
/** Deep enough for any tool input; deeper structures are cut rather than walked forever. */
const MAX_DEPTH = 32;

/**
 * Scrubs a structured value (a tool's input, a parsed JSON answer): every string leaf goes
 * through `scrubSecrets`, and the value of a field named like a secret is redacted outright.
 * Returns a new value; the input is not modified.
 */
export const scrubValue = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return scrubSecrets(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[TRUNCATED:depth]';
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_FIELD.test(k) && (typeof v === 'string' || typeof v === 'number') ? redacted('field') : scrubValue(v, depth + 1);
  }
  return out;
};
