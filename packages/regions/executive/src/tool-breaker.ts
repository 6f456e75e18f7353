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

interface Streak {
  readonly signature: string;
  readonly count: number;
}

/**
 * A per-turn circuit breaker for tool calls (issue 8, guards): it counts, per tool, consecutive
 * failures with the same error signature (a success or a different error restarts the count).
 * Before a call it answers allow, warn (the call runs; the model is told) or block (the call does
 * not run; the model is told why). Pure state: the runtime feeds it results and resets it per turn.
 */
export class ToolBreaker {
  private readonly streaks = new Map<string, Streak>();

  constructor(private readonly params: BreakerParams = defaultBreakerParams) {}

  private limits(tool: string): BreakerLimits {
    return this.params.perTool[tool] ?? this.params;
  }

  check(tool: string): BreakerVerdict {
    const streak = this.streaks.get(tool);
    if (streak === undefined) return { action: 'allow' };
    const { warnAt, blockAt } = this.limits(tool);
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
    return { action: 'allow' };
  }

  record(tool: string, ok: boolean, error: string): void {
    if (ok) {
      this.streaks.delete(tool);
      return;
    }
    const signature = errorSignature(error);
    const previous = this.streaks.get(tool);
    this.streaks.set(tool, { signature, count: previous?.signature === signature ? previous.count + 1 : 1 });
  }

  reset(): void {
    this.streaks.clear();
  }
}
