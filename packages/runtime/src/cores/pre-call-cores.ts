import { draft, type AnyDraft, type AnyEnvelope } from '@engram/events';
import type { RegionCore } from '@engram/kernel';
import { preCallAdvice, preCallWarning, type PreCallRead, type PreCallTurn } from './decide-pre-call.js';
import { snapshotOf } from '@engram/cortex/core';
import { evolvePreCallTurn, INITIAL_PRE_CALL_TURN, type PreCallTurnState } from './pre-call-turn.js';

/** One half of the pre-call decision replay holds the session to: the turn as folded, and the read just folded with its inputs. */
export interface PreCallCheckState {
  readonly turn: PreCallTurnState;
  /** The read just folded and what it is decided with (set by `evolve` for that read; `check` decides at it). */
  readonly pending: { readonly readId: string; readonly read: PreCallRead; readonly turn: PreCallTurn } | null;
}

const NOTHING: readonly AnyDraft[] = Object.freeze([]);

/** The decision's inputs at a read: null when the read names no call the log reported in the open turn. */
const preCallTurnAt = (before: PreCallTurnState, read: PreCallRead, at: string): PreCallTurn | null => {
  const call = before.calls.get(read.toolUseId);
  if (call === undefined) return null;
  return { name: call.name, input: call.input, breakerWarned: call.warned, message: before.message, errors: before.errors, shown: before.shown, memory: snapshotOf(read, before.memory), nowMs: Date.parse(at) };
};

/**
 * A core that re-derives one half of what the session showed before a call from its recorded
 * read (`cortex.precall.read`): `decide` gives the events that half calls for. Live it derives
 * nothing (the session decides with `decidePreCall` and publishes); `check` decides at the read, so replay files them under the read and `--check` finds an altered, added or missing one.
 * Both halves live in the composition root because they join three regions' pure parts (the
 * cortex's ranking, the cerebellum's `callWarning`, the ACC's detector sentences), and regions
 * never import each other; two cores because each publishes only under its own region.
 */
const preCallCheck = <Id extends 'executive.precall' | 'cortex.precall'>(id: Id, source: 'executive' | 'cortex', decide: (read: PreCallRead, t: PreCallTurn) => readonly AnyDraft[]): RegionCore<PreCallCheckState, Readonly<Record<string, never>>, Id> => ({
  id,
  source,
  initialState: () => ({ turn: INITIAL_PRE_CALL_TURN, pending: null }),
  // Deciding is left to `check`, which only replay calls: a resumed session (a hook process) folds its whole log and decides nothing.
  evolve: (s, e: AnyEnvelope) => {
    const turn = evolvePreCallTurn(s.turn, e);
    if (e.type !== 'cortex.precall.read') return turn === s.turn && s.pending === null ? s : { turn, pending: null };
    const t = preCallTurnAt(s.turn, e.data, e.at);
    return { turn, pending: t === null ? null : { readId: e.id, read: e.data, turn: t } };
  },
  react: () => NOTHING,
  check: (s, e) => (s.pending !== null && s.pending.readId === e.id ? decide(s.pending.read, s.pending.turn) : NOTHING),
});

/** The warning before a call (a never rule, a call lesson, a retry or a call record), as `executive.tool.guarded`. */
export const preCallWarningCore = preCallCheck('executive.precall', 'executive', (read, t) => {
  const w = preCallWarning(read, t);
  return w === null
    ? NOTHING
    : [draft('executive.tool.guarded', { toolUseId: read.toolUseId, name: t.name, action: 'warned', failures: w.failures, signature: w.signature, inputSignature: '', explanation: w.explanation })];
});

/** The advice before a call, as `cortex.context.injected` (target pre-call), when it injects anything. */
export const preCallAdviceCore = preCallCheck('cortex.precall', 'cortex', (read, t) => {
  const a = preCallAdvice(read, t);
  return a.injection.items.length === 0 ? NOTHING : [draft('cortex.context.injected', a.injection)];
});
