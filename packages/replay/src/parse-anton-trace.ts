import { isAccKind, observation, toInt, type Observation } from '@engram/acc';
import { TaggedError } from '@engram/kernel';

/** One accepted event of an Anton ACC trace, with its 0-based position in the file's array. */
export interface TraceEvent {
  readonly index: number;
  readonly observation: Observation;
}

/** An array entry that was reported and skipped (an unknown kind, a malformed field). */
export interface TraceSkip {
  readonly index: number;
  readonly reason: string;
}

export interface AntonTrace {
  readonly events: readonly TraceEvent[];
  readonly skipped: readonly TraceSkip[];
}

/** The whole file is unusable (not JSON, not an array): the message names the file and the place. */
/** Why an Anton trace cannot be read: not JSON, or JSON that is not an array of ACC events. */
export type TraceReason = 'not-json' | 'not-an-array';

export class TraceError extends TaggedError('TraceError')<{ readonly reason: TraceReason; readonly file: string; readonly message: string }> {}

const lineAndColumn = (text: string, position: number): string => {
  const before = text.slice(0, position).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
};

const intField = (value: unknown, fallback: number, field: string): number => {
  if (value === undefined || value === null) return fallback;
  try {
    return toInt(value);
  } catch {
    throw new Error(`${field} ${JSON.stringify(value)} is not an integer`);
  }
};

/**
 * Reads the trace shape Anton's ACC fixtures use: a JSON array of `{kind, severity?, detail?,
 * round_idx?}` with Anton's kind names and snake_case detail keys. A missing severity is 1, a
 * missing detail `{}`, a missing round 0; severity and round go through `int()` as in Anton's
 * `observe`. Entries that cannot be read are skipped and reported with their index, so one bad
 * entry never hides the rest of the trace.
 */
export const parseAntonTrace = (text: string, file: string): AntonTrace => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const position = /position (\d+)/.exec(message)?.[1];
    throw new TraceError({ reason: 'not-json', message: `${file}: not valid JSON${position === undefined ? '' : ` at ${lineAndColumn(text, Number(position))}`} (${message})`, file });
  }
  if (!Array.isArray(parsed)) throw new TraceError({ reason: 'not-an-array', message: `${file}: expected a JSON array of ACC events, found ${parsed === null ? 'null' : typeof parsed}`, file });
  const events: TraceEvent[] = [];
  const skipped: TraceSkip[] = [];
  parsed.forEach((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      skipped.push({ index, reason: 'not an object' });
      return;
    }
    const { kind, severity, detail, round_idx: roundIdx } = entry as Record<string, unknown>;
    if (typeof kind !== 'string' || !isAccKind(kind)) {
      skipped.push({ index, reason: `unknown kind ${JSON.stringify(kind) ?? 'undefined'}` });
      return;
    }
    if (detail !== undefined && detail !== null && (typeof detail !== 'object' || Array.isArray(detail))) {
      skipped.push({ index, reason: 'detail is not an object' });
      return;
    }
    try {
      const sev = intField(severity, 1, 'severity');
      const round = intField(roundIdx, 0, 'round_idx');
      events.push({ index, observation: observation(kind, { ...((detail ?? {}) as Record<string, unknown>) }, sev, round) });
    } catch (err) {
      skipped.push({ index, reason: err instanceof Error ? err.message : String(err) });
    }
  });
  return { events, skipped };
};
