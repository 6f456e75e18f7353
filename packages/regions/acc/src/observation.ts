/**
 * What every detector reads: one observation in Anton's closed nine-kind vocabulary (anton.md
 * §2.2). Engram envelopes are mapped onto it with fixed per-kind severities
 * (`observationFromEnvelope`); Anton traces supply severity and detail themselves. Keeping one
 * shape lets the same detectors serve both, so replaying Anton's traces checks engram's parity.
 */
export const ACC_KINDS = [
  'scratchpad_call',
  'scratchpad_result',
  'scratchpad_empty_code',
  'scratchpad_reset',
  'scratchpad_killed',
  'tool_call',
  'tool_result',
  'history_repair',
  'cap_exhausted',
] as const;

export type AccKind = (typeof ACC_KINDS)[number];

/** Detail values are whatever the emitter sent (JSON values in a trace); detectors read them the way Anton does. */
export type Detail = Readonly<Record<string, unknown>>;

export interface Observation {
  readonly kind: AccKind;
  /** Anton's 1-10 scale, an integer, not clamped; only the severity-climb detector reads it. */
  readonly severity: number;
  readonly detail: Detail;
  /** Informational only: no detector reads it (as in Anton). */
  readonly round: number;
}

const kindSet: ReadonlySet<string> = new Set(ACC_KINDS);

export const isAccKind = (kind: string): kind is AccKind => kindSet.has(kind);

export const observation = (kind: AccKind, detail: Detail = {}, severity = 1, round = 0): Observation => ({ kind, severity, detail, round });
