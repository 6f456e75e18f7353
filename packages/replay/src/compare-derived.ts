import type { AnyEnvelope } from '@engram/events';
import type { DerivedEvent } from './derived-event.js';
import { REDACTION_HASHED_FIELDS, answerCause, decidedAtRead, isAnswerType } from '@engram/runtime/cores';
import { equalModuloMarker } from './equal-modulo-marker.js';
import { isDerivedEvent } from './derived-types.js';
import type { Divergence } from './divergence.js';
import { jsonEqual } from './json-equal.js';

interface Group {
  readonly derived: DerivedEvent[];
  readonly recorded: AnyEnvelope[];
}

/**
 * The cause a recorded event is compared under. Live, `cortex.engram.queued` is published by the
 * cortex effect with the proposal request's causation (the lesson that asked), while
 * `cortexCore` names the `cortex.engram.proposed` event itself; both point at one proposal, so
 * a recorded `queued` is filed under the proposal event that carries its `proposalId`.
 */
const recordedCause = (e: AnyEnvelope, proposalEvent: ReadonlyMap<string, string>): string | null => {
  if (e.type === 'cortex.engram.queued') return proposalEvent.get(e.data.proposalId) ?? e.causationId;
  // What is shown before a call is derived at its read (`preCallWarningCore`, `preCallAdviceCore`): filed under the read.
  const read = decidedAtRead(e);
  if (read !== null) return answerCause(read);
  return isAnswerType(e.type) ? answerCause(e.id) : e.causationId;
};

/**
 * Same type and the same data as JSON (`canonicalJson`), key order aside; in a log a subject was
 * forgotten from (`redacted`), the same modulo the redaction marker (`equalModuloMarker`).
 */
const sameEvent = (d: DerivedEvent, r: AnyEnvelope, redacted = false): boolean =>
  d.type === r.type && (jsonEqual(d.data, r.data) || (redacted && equalModuloMarker(d.data, r.data, (REDACTION_HASHED_FIELDS as Record<string, readonly string[] | undefined>)[d.type] ?? [])));

/** Whether `engram memory forget` redacted this log (it appended a `store.log.redacted` record). */
const isRedacted = (events: readonly AnyEnvelope[]): boolean => events.some((e) => e.type === 'store.log.redacted');

/** Pairs equal events in order (a greedy in-order subsequence match); returns the unmatched of each side. */
const matchGroup = (g: Group, redacted: boolean): { derived: DerivedEvent[]; recorded: AnyEnvelope[] } => {
  const recorded = g.recorded;
  const taken = new Array<boolean>(recorded.length).fill(false);
  const unmatched: DerivedEvent[] = [];
  let from = 0;
  for (const d of g.derived) {
    let at = from;
    while (at < recorded.length && !sameEvent(d, recorded[at] as AnyEnvelope, redacted)) at++;
    if (at === recorded.length) unmatched.push(d);
    else {
      taken[at] = true;
      from = at + 1;
    }
  }
  return { derived: unmatched, recorded: recorded.filter((_, i) => taken[i] !== true) };
};

/** The top-level data fields whose values differ, so an edited lesson names its edited field. */
const differingFields = (a: unknown, b: unknown): string[] => {
  const x = (a ?? {}) as Record<string, unknown>;
  const y = (b ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => !jsonEqual(x[k], y[k])).sort();
};

const shown = (x: { type: string; data: unknown }): { type: string; data: unknown } => ({ type: x.type, data: x.data });

/**
 * The usual answer, found without grouping: the log recorded exactly the derived events, in the
 * order the cores derived them, each under the same cause. Then every group pairs up one to one
 * and in order, so nothing diverges. Anything else (one event out of place) goes the long way.
 */
const matchesInOrder = (events: readonly AnyEnvelope[], derived: readonly DerivedEvent[], redacted: boolean, reads: ReadonlySet<string>): boolean => {
  const proposalEvent = new Map<string, string>();
  let i = 0;
  for (const e of events) {
    if (e.type === 'cortex.engram.proposed') proposalEvent.set(e.data.proposalId, e.id);
    if (isDerivedEvent(e, reads)) {
      const d = derived[i++];
      if (d === undefined || d.causationId !== recordedCause(e, proposalEvent) || !sameEvent(d, e, redacted)) return false;
    }
  }
  return i === derived.length;
};

/**
 * Compares what the cores derived with the recorded events of the types they publish, matching
 * by type, data and causation, in order. Unmatched leftovers of one type and one cause are paired
 * into `different` (an edited lesson shows as one precise difference); the rest are `missing` or
 * `unexpected`. Sorted by seq, so the first is the earliest place the log and the cores part.
 * `reads`: the keys of the recorded reads in the log (`readKeyOf`); an answer of the memory core
 * whose read the log lacks (an older log) is read as given, not compared.
 */
export const compareDerived = (events: readonly AnyEnvelope[], derived: readonly DerivedEvent[], reads: ReadonlySet<string> = new Set()): Divergence[] => {
  const redacted = isRedacted(events);
  if (matchesInOrder(events, derived, redacted, reads)) return [];
  const proposalEvent = new Map<string, string>();
  const groups = new Map<string | null, Group>();
  const groupOf = (cause: string | null): Group => {
    let g = groups.get(cause);
    if (g === undefined) groups.set(cause, (g = { derived: [], recorded: [] }));
    return g;
  };
  for (const e of events) {
    if (e.type === 'cortex.engram.proposed') proposalEvent.set(e.data.proposalId, e.id);
    if (isDerivedEvent(e, reads)) groupOf(recordedCause(e, proposalEvent)).recorded.push(e);
  }
  for (const d of derived) groupOf(d.causationId).derived.push(d);
  const out: Divergence[] = [];
  for (const [cause, g] of groups) {
    const left = matchGroup(g, redacted);
    const recordedLeft = [...left.recorded];
    for (const d of left.derived) {
      const i = recordedLeft.findIndex((r) => r.type === d.type);
      const r = i === -1 ? undefined : recordedLeft.splice(i, 1)[0];
      if (r === undefined) out.push({ kind: 'missing', seq: d.causeSeq, turn: d.turn, causationId: cause, expected: shown(d), actual: null, fields: [] });
      else out.push({ kind: 'different', seq: r.seq, turn: r.turn, causationId: cause, expected: shown(d), actual: shown(r), fields: differingFields(d.data, r.data) });
    }
    for (const r of recordedLeft) out.push({ kind: 'unexpected', seq: r.seq, turn: r.turn, causationId: cause, expected: null, actual: shown(r), fields: [] });
  }
  return out.sort((a, b) => a.seq - b.seq);
};
