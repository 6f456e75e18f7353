import type { AccCoreParams } from '@engram/acc';
import type { PostMortemMode } from '@engram/cerebellum';
import type { AnyEnvelope } from '@engram/events';
import { compareDerived } from './compare-derived.js';
import type { DerivedEvent } from './derived-event.js';
import { isDerivedType } from './derived-types.js';
import { createSessionFold, type SessionFold } from './fold-session.js';
import { isPostMortemEvidence } from './infer-post-mortem.js';
import { replayParamsWith } from './replay-params.js';
import type { SessionReplay, SessionReplayOptions } from './replay-session.js';
import { summariseTurns } from './turn-summary.js';
import { whatIfDiff } from './what-if-diff.js';

/** Folds events as they arrive and, at the end, reports what `replaySession` reports for all of them. */
export interface SessionReplayer {
  /** The next recorded event, in log order. */
  readonly push: (e: AnyEnvelope) => void;
  /** The replay of every event pushed. */
  readonly finish: () => SessionReplay;
}

/** The post-mortem modes, in the order of the derived lists the fold keeps (one per mode). */
const MODES: readonly PostMortemMode[] = ['classifier', 'llm'];

/**
 * Whether the comparison, the turn summaries or the what-if diff read a recorded event. They
 * read only the types the cores derive and the recorded memory traffic (proposals, encodings),
 * so only those are kept: a big log is folded with flat memory instead of being held whole.
 */
const isKept = (type: string): boolean => type === 'cortex.engram.proposed' || type === 'hippocampus.engram.encoded' || isDerivedType(type);

const foldFor = (detectors?: AccCoreParams['detectors']): SessionFold =>
  createSessionFold(replayParamsWith('classifier', detectors).acc, MODES.map((m) => replayParamsWith(m).cerebellum));

/**
 * A streaming `replaySession`: the same result, for events pushed one at a time (a log being
 * read), without holding the log. The only whole-log input, the post-mortem mode (any
 * `llm.call.*` event means a model was wired), is met by folding the cerebellum under both modes
 * and keeping, at the end, the list of the mode the log turned out to have. The other cores run once.
 */
export const createSessionReplayer = (opts: SessionReplayOptions): SessionReplayer => {
  const fold = foldFor();
  const w = opts.whatIf;
  const whatIfFold = w === undefined ? undefined : foldFor(w.detectors);
  const kept: AnyEnvelope[] = [];
  let sessionId: string | null = null;
  let count = 0;
  let sawModel = false;
  const push = (e: AnyEnvelope): void => {
    if (count === 0) sessionId = e.sessionId;
    count++;
    if (!sawModel && isPostMortemEvidence(e)) sawModel = true;
    fold.step(e);
    whatIfFold?.step(e);
    if (isKept(e.type)) kept.push(e);
  };
  const finish = (): SessionReplay => {
    const postMortem: PostMortemMode = sawModel ? 'llm' : 'classifier';
    const pick = (f: SessionFold): DerivedEvent[] => f.derived[MODES.indexOf(postMortem)] ?? [];
    const derived = pick(fold);
    const base: SessionReplay = { sessionId, events: count, postMortem, turns: summariseTurns(kept, derived) };
    const divergences = opts.check ? compareDerived(kept, derived) : undefined;
    const whatIf = w === undefined || whatIfFold === undefined ? undefined : { profile: w.profile, overrides: w.overrides, turns: whatIfDiff(kept, pick(whatIfFold)) };
    return { ...base, ...(divergences === undefined ? {} : { divergences }), ...(whatIf === undefined ? {} : { whatIf }) };
  };
  return { push, finish };
};
