import type { AccCoreParams } from '@engram/acc';
import type { PostMortemMode } from '@engram/cerebellum';
import type { AnyEnvelope } from '@engram/events';
import { givenWithoutRead, readKeyOf } from '@engram/runtime/cores';
import { compareDerived } from './compare-derived.js';
import type { DerivedEvent } from './derived-event.js';
import { isDerivedType } from './derived-types.js';
import { createSessionFold, type SessionFold } from './fold-session.js';
import { isPostMortemEvidence } from './infer-post-mortem.js';
import { replayParamsWith } from './replay-params.js';
import type { GivenCount, SessionReplay, SessionReplayOptions } from './replay-session.js';
import { summariseTurns } from './turn-summary.js';
import { whatIfDiff } from './what-if-diff.js';

/** Folds events as they arrive and, at the end, reports what `replaySession` reports for all of them. */
export interface SessionReplayer {
  /** The next recorded event, in log order. */
  readonly push: (e: AnyEnvelope) => void;
  /**
   * The log has contradicted the post-mortem mode the replayer was told to assume: an `llm.call.*`
   * event under `classifier`, or (once every event is pushed) none under `llm`. The replay is void;
   * run it again with the other mode (or none).
   */
  readonly assumedWrongly: (complete: boolean) => boolean;
  /** The replay of every event pushed. Throws when the assumed mode was wrong. */
  readonly finish: () => SessionReplay;
}

/** Recorded events of checked types read as given because the log lacks the read they were decided against, counted per type with why. */
const givenCounts = (kept: readonly AnyEnvelope[], reads: ReadonlySet<string>): GivenCount[] => {
  const byType = new Map<string, GivenCount>();
  for (const e of kept) {
    const reason = givenWithoutRead(e, reads);
    if (reason === null) continue;
    const g = byType.get(e.type);
    byType.set(e.type, { type: e.type, count: (g?.count ?? 0) + 1, reason });
  }
  return [...byType.values()];
};

/** The post-mortem modes, in the order of the derived lists a fold under no assumption keeps (one per mode). */
const MODES: readonly PostMortemMode[] = ['classifier', 'llm'];

/**
 * Whether the comparison, the turn summaries or the what-if diff read a recorded event. They
 * read only the types the cores derive and the recorded memory traffic (proposals, encodings),
 * so only those are kept: a big log is folded with flat memory instead of being held whole. The
 * record `engram memory forget` appends is kept too: without it the comparison never knew a log
 * was redacted, and a value the marker changes (a memory block's token count) failed the check.
 */
const isKept = (type: string): boolean => isDerivedType(type) || type === 'store.log.redacted';

/**
 * A streaming `replaySession`: the same result, for events pushed one at a time (a log being
 * read), without holding the log. The only whole-log input is the post-mortem mode (any
 * `llm.call.*` event means a model was wired). Given `assume`, the cerebellum is folded under
 * that mode alone and `assumedWrongly` says when the log disagrees. Without it, the cerebellum is
 * folded under both modes and the list of the mode the log turned out to have is kept: exact for
 * any stream, for the price of a second brain.
 */
export const createSessionReplayer = (opts: SessionReplayOptions, assume?: PostMortemMode): SessionReplayer => {
  const modes = assume === undefined ? MODES : [assume];
  const foldFor = (detectors?: AccCoreParams['detectors']): SessionFold =>
    createSessionFold(modes.map((m) => replayParamsWith(m, detectors)));
  const fold = foldFor();
  const w = opts.whatIf;
  const whatIfFold = w === undefined ? undefined : foldFor(w.detectors);
  const kept: AnyEnvelope[] = [];
  let sessionId: string | null = null;
  let count = 0;
  let sawModel = false;
  // The keys of the recorded reads (a few per turn): an answer decided against a read is checked only when it is here.
  const reads = new Set<string>();
  const push = (e: AnyEnvelope): void => {
    if (count === 0) sessionId = e.sessionId;
    count++;
    const read = readKeyOf(e);
    if (read !== null) reads.add(read);
    if (!sawModel && isPostMortemEvidence(e)) sawModel = true;
    fold.step(e);
    whatIfFold?.step(e);
    if (isKept(e.type)) kept.push(e);
  };
  const assumedWrongly = (complete: boolean): boolean => (assume === 'classifier' && sawModel) || (assume === 'llm' && complete && !sawModel);
  const finish = (): SessionReplay => {
    if (assumedWrongly(true)) throw new Error(`replay: the log contradicts the assumed post-mortem mode "${String(assume)}"`);
    const postMortem: PostMortemMode = sawModel ? 'llm' : 'classifier';
    const pick = (f: SessionFold): DerivedEvent[] => f.derived[modes.indexOf(postMortem)] ?? [];
    const derived = pick(fold);
    const base: SessionReplay = { sessionId, events: count, postMortem, turns: summariseTurns(kept, derived) };
    const divergences = opts.check ? compareDerived(kept, derived, reads) : undefined;
    const given = opts.check ? givenCounts(kept, reads) : undefined;
    const whatIf = w === undefined || whatIfFold === undefined ? undefined : { profile: w.profile, overrides: w.overrides, turns: whatIfDiff(kept, pick(whatIfFold)) };
    return { ...base, ...(divergences === undefined ? {} : { divergences }), ...(given === undefined || given.length === 0 ? {} : { given }), ...(whatIf === undefined ? {} : { whatIf }) };
  };
  return { push, assumedWrongly, finish };
};
