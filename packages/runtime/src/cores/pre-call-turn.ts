import { snapshotOf, type MemorySnapshot } from '@engram/cortex/core';
import type { AnyEnvelope } from '@engram/events';
import { TURN_ERRORS_KEPT } from '@engram/executive/core';

/** A call reported in the open turn whose pre-call read has not come yet. */
interface PendingPreCall {
  /** The `executive.tool.called` event: the cause of the call's read. */
  readonly eventId: string;
  readonly name: string;
  /** Its input as `executive.tool.called` recorded it (scrubbed, capped): what the decision reads. */
  readonly input: unknown;
  /** The breaker warned about it already (`executive.tool.guarded` before its read): nothing more is said. */
  readonly warned: boolean;
}

/**
 * What the decision before a call reads from the log itself (so its read need not record it):
 * the open turn's message, its latest tool errors and what was put in front of the model this
 * turn (the executive's fold of the same events), the calls awaiting their read, and the memory
 * the session's last read stood for (a read records memory only when it changed).
 */
export interface PreCallTurnState {
  readonly inTurn: boolean;
  readonly message: string;
  readonly errors: readonly string[];
  readonly shown: ReadonlySet<string>;
  readonly calls: ReadonlyMap<string, PendingPreCall>;
  readonly memory: MemorySnapshot | null;
}

const NONE: ReadonlySet<string> = new Set();
const NO_CALLS: ReadonlyMap<string, PendingPreCall> = new Map();

export const INITIAL_PRE_CALL_TURN: PreCallTurnState = { inTurn: false, message: '', errors: [], shown: NONE, calls: NO_CALLS, memory: null };

const TURN_ENDS: ReadonlySet<string> = new Set(['executive.turn.completed', 'executive.turn.failed', 'executive.turn.cancelled', 'executive.session.ended']);

const without = (calls: ReadonlyMap<string, PendingPreCall>, id: string): ReadonlyMap<string, PendingPreCall> => {
  if (!calls.has(id)) return calls;
  const next = new Map(calls);
  next.delete(id);
  return next;
};

/**
 * The next state (a new object where something changed; the input is left as it was). The turn's
 * fields follow the executive core's rules for the same events (`message`, `errors`, `shown`),
 * so the advice replay rebuilds ranks on what the session ranked on. A call leaves `calls` at its
 * read or its result, so the map holds only the calls in flight.
 */
export const evolvePreCallTurn = (s: PreCallTurnState, e: AnyEnvelope): PreCallTurnState => {
  if (e.type === 'executive.turn.started') return { ...s, inTurn: true, message: e.data.message, errors: [], shown: NONE, calls: NO_CALLS };
  if (e.type === 'executive.tool.called') return s.inTurn ? { ...s, calls: new Map(s.calls).set(e.data.toolUseId, { eventId: e.id, name: e.data.name, input: e.data.input, warned: false }) } : s;
  if (e.type === 'executive.tool.guarded') {
    const c = s.calls.get(e.data.toolUseId);
    return c === undefined || c.warned ? s : { ...s, calls: new Map(s.calls).set(e.data.toolUseId, { ...c, warned: true }) };
  }
  if (e.type === 'executive.tool.resulted') {
    if (!s.inTurn) return s;
    return { ...s, calls: without(s.calls, e.data.toolUseId), errors: e.data.ok ? s.errors : [...s.errors, e.data.error].slice(-TURN_ERRORS_KEPT) };
  }
  if (e.type === 'cortex.context.injected') return e.data.items.length === 0 ? s : { ...s, shown: new Set([...s.shown, ...e.data.items.map((i) => i.id)]) };
  if (e.type === 'cortex.context.read') {
    const memory = snapshotOf(e.data, s.memory);
    return memory === s.memory ? s : { ...s, memory };
  }
  if (e.type === 'cortex.precall.read') return { ...s, memory: snapshotOf(e.data, s.memory), calls: without(s.calls, e.data.toolUseId) };
  return TURN_ENDS.has(e.type) && (s.inTurn || s.calls.size > 0) ? { ...s, inTurn: false, calls: NO_CALLS } : s;
};
