import { errorSignature } from '@engram/kernel';

export interface BreakerLimits {
  /** Identical failures after which the next call runs with a warning the model sees. */
  readonly warnAt: number;
  /** Identical failures after which the next call is blocked. */
  readonly blockAt: number;
}

export interface BreakerParams extends BreakerLimits {
  /** Per-tool limits, for tools whose failures are cheap (raise them) or costly (lower them). */
  readonly perTool: Readonly<Record<string, BreakerLimits>>;
}

export const BREAKER_PARAM_REASONS: { readonly [K in keyof BreakerParams]: string } = {
  warnAt: "Two identical failures in a row are what the ACC's repeated-tool-error rule calls a blind retry: say so before the third.",
  blockAt: 'Three identical failures mean the cause has not changed (the repeated-error-signature threshold); a fourth call would only burn a round.',
  perTool: 'Some tools fail identically for good reasons (a poll that waits for a job); hosts tune them one by one.',
};

export const defaultBreakerParams: BreakerParams = Object.freeze({ warnAt: 2, blockAt: 3, perTool: Object.freeze({}) });

export type BreakerVerdict =
  | { readonly action: 'allow' }
  | { readonly action: 'warn' | 'block'; readonly failures: number; readonly signature: string; readonly explanation: string };

/** Consecutive identical failures of one tool in the open turn. */
export interface Streak {
  readonly signature: string;
  readonly count: number;
}

/** Per tool, its current streak; a turn starts with none. */
export type Streaks = ReadonlyMap<string, Streak>;

export const NO_STREAKS: Streaks = new Map();

const ALLOW: BreakerVerdict = Object.freeze({ action: 'allow' });

/**
 * The per-turn circuit breaker (issue 8, guards) as a pure function of the turn's streaks: per
 * tool, consecutive failures with the same error signature (a success or a different error
 * restarts the count). Before a call: allow, warn (the call runs; the model is told) or block
 * (the call does not run; the model is told why). The executive core folds the streaks from the
 * log, so the verdict replay derives is the one the session gave.
 */
export const breakerVerdict = (streaks: Streaks, tool: string, params: BreakerParams): BreakerVerdict => {
  const streak = streaks.get(tool);
  if (streak === undefined) return ALLOW;
  const { warnAt, blockAt } = params.perTool[tool] ?? params;
  if (streak.count >= blockAt)
    return {
      action: 'block',
      failures: streak.count,
      signature: streak.signature,
      explanation: `Blocked: ${tool} failed ${streak.count} times in this turn with the same error (${streak.signature}). Repeating it will fail again: change the arguments or the approach, use another tool, or tell the user.`,
    };
  if (streak.count >= warnAt)
    return {
      action: 'warn',
      failures: streak.count,
      signature: streak.signature,
      explanation: `Warning: ${tool} has failed ${streak.count} times in a row with the same error; one more identical failure and it will be blocked for this turn.`,
    };
  return ALLOW;
};

/** Updates `streaks` in place with one tool result (the executive core owns its map; see `recordToolResult` for a copy). */
export const recordToolResultInto = (streaks: Map<string, Streak>, tool: string, ok: boolean, error: string): void => {
  if (ok) {
    streaks.delete(tool);
    return;
  }
  const signature = errorSignature(error);
  const previous = streaks.get(tool);
  streaks.set(tool, { signature, count: previous?.signature === signature ? previous.count + 1 : 1 });
};

/** The streaks after one tool result (a new map; `streaks` is left as it was). */
export const recordToolResult = (streaks: Streaks, tool: string, ok: boolean, error: string): Streaks => {
  const next = new Map(streaks);
  recordToolResultInto(next, tool, ok, error);
  return next;
};
