import type { PostMortemMode } from '@engram/cerebellum';
import type { AnyEnvelope } from '@engram/events';
import type { Divergence } from './divergence.js';
import { inferPostMortem } from './infer-post-mortem.js';
import type { WhatIfParams } from './parse-what-if-params.js';
import { createSessionReplayer } from './session-replayer.js';
import type { TurnSummary } from './turn-summary.js';
import type { WhatIfTurn } from './what-if-diff.js';

/** How often (in events) the replay reports progress: often enough for a live bar, rare enough to cost nothing. */
const PROGRESS_EVERY = 65_536;

export interface SessionReplayOptions {
  /** Compare what was derived with what was recorded. */
  readonly check: boolean;
  /** Also refold with these ACC thresholds and diff the lessons against the recording. */
  readonly whatIf?: WhatIfParams;
  readonly onProgress?: (done: number, total: number) => void;
}

/** Recorded events of one type `--check` read as given instead of comparing, and why. */
export interface GivenCount {
  readonly type: string;
  readonly count: number;
  readonly reason: string;
}

export interface SessionReplay {
  readonly sessionId: string | null;
  readonly events: number;
  readonly postMortem: PostMortemMode;
  /** What the cores derived with the session's own params, per turn. */
  readonly turns: readonly TurnSummary[];
  /** With `check`: every divergence, earliest first (empty when derived == recorded). */
  readonly divergences?: readonly Divergence[];
  /** With `check`: recorded events of checked types read as given, per type (the memory core's answers in a log older than its reads). */
  readonly given?: readonly GivenCount[];
  readonly whatIf?: { readonly profile: string; readonly overrides: WhatIfParams['overrides']; readonly turns: readonly WhatIfTurn[] };
}

/**
 * Replays one session's recorded events through every core (pure: no I/O). The what-if refold
 * sees the same recorded outcomes (encodings, LLM answers) as the recording did: effects are
 * never re-run, so a lesson that only the what-if learns is not written to memory in its world.
 * `createSessionReplayer` does the same for events that arrive one at a time; here the whole log
 * is at hand, so the post-mortem mode is read from it first and the cerebellum folded once.
 */
export const replaySession = (events: readonly AnyEnvelope[], opts: SessionReplayOptions): SessionReplay => {
  const replayer = createSessionReplayer(opts, inferPostMortem(events));
  for (let i = 0; i < events.length; i++) {
    replayer.push(events[i] as AnyEnvelope);
    if (opts.onProgress !== undefined && (i + 1) % PROGRESS_EVERY === 0) opts.onProgress(i + 1, events.length);
  }
  return replayer.finish();
};
