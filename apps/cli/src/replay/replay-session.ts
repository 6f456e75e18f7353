import type { PostMortemMode } from '@engram/cerebellum';
import type { AnyEnvelope } from '@engram/events';
import { compareDerived } from './compare-derived.js';
import type { Divergence } from './divergence.js';
import { foldSession } from './fold-session.js';
import type { WhatIfParams } from './parse-what-if-params.js';
import { replayParamsFor } from './replay-params.js';
import { summariseTurns, type TurnSummary } from './turn-summary.js';
import { whatIfDiff, type WhatIfTurn } from './what-if-diff.js';

export interface SessionReplayOptions {
  /** Compare what was derived with what was recorded. */
  readonly check: boolean;
  /** Also refold with these ACC thresholds and diff the lessons against the recording. */
  readonly whatIf?: WhatIfParams;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface SessionReplay {
  readonly sessionId: string | null;
  readonly events: number;
  readonly postMortem: PostMortemMode;
  /** What the cores derived with the session's own params, per turn. */
  readonly turns: readonly TurnSummary[];
  /** With `check`: every divergence, earliest first (empty when derived == recorded). */
  readonly divergences?: readonly Divergence[];
  readonly whatIf?: { readonly profile: string; readonly overrides: WhatIfParams['overrides']; readonly turns: readonly WhatIfTurn[] };
}

/**
 * Replays one session's recorded events through every core (pure: no I/O). The what-if refold
 * sees the same recorded outcomes (encodings, LLM answers) as the recording did: effects are
 * never re-run, so a lesson that only the what-if learns is not written to memory in its world.
 */
export const replaySession = (events: readonly AnyEnvelope[], opts: SessionReplayOptions): SessionReplay => {
  const params = replayParamsFor(events);
  const derived = foldSession(events, params, opts.onProgress);
  const base: SessionReplay = {
    sessionId: events[0]?.sessionId ?? null,
    events: events.length,
    postMortem: params.cerebellum.postMortem,
    turns: summariseTurns(events, derived),
  };
  const divergences = opts.check ? compareDerived(events, derived) : undefined;
  const w = opts.whatIf;
  const whatIf = w === undefined ? undefined : { profile: w.profile, overrides: w.overrides, turns: whatIfDiff(events, foldSession(events, replayParamsFor(events, w.detectors))) };
  return { ...base, ...(divergences === undefined ? {} : { divergences }), ...(whatIf === undefined ? {} : { whatIf }) };
};
