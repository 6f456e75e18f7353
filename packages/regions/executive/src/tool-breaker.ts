import { callPattern, errorLine, estimateFailure, failureSignature, worthWarning } from '@engram/kernel';
import { inputSignature } from './input-signature.js';

export interface BreakerLimits {
  /** Identical failures after which the next identical call runs with a warning the model sees. */
  readonly warnAt: number;
  /** Identical failures after which the next identical call is blocked. */
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

/** Characters of the failing error quoted in a warning or block: enough to recognise it, short enough for one line. */
const ERROR_SHOWN_CHARS = 160;

/**
 * One tool call as the breaker tells calls apart: the tool and the signature of its input
 * (`inputSignature`). Two calls with one key are "the same call"; a different command of the
 * same tool is another key, so it is never blocked for the first one's failures.
 */
export interface BreakerCall {
  readonly tool: string;
  /** `inputSignature` of the input; `UNKNOWN_INPUT` for a result whose call was never reported. */
  readonly input: string;
  /** What the model changes to make it another call: a shell tool's `command`, else the call's input. */
  readonly subject: 'command' | 'input';
  /** The streak map's key: tool and input. */
  readonly key: string;
  /** The call changes files (an edit tool, a shell command that writes): once it worked, the world the turn's failures happened in is gone. */
  readonly writes: boolean;
}

/** The input signature of results whose call the log does not hold (Anton traces, hosts that report only results): one streak per tool, as before input keys. */
export const UNKNOWN_INPUT = '';

const subjectOf = (input: unknown): BreakerCall['subject'] =>
  typeof input === 'object' && input !== null && typeof (input as Record<string, unknown>)['command'] === 'string' ? 'command' : 'input';

const keyOf = (tool: string, input: string): string => `${tool}\u0000${input}`;

/** The breaker's view of a call of `tool` with `input` (the recorded, scrubbed input). */
export const breakerCall = (tool: string, input: unknown): BreakerCall => {
  const signature = inputSignature(input);
  return { tool, input: signature, subject: subjectOf(input), key: keyOf(tool, signature), writes: callPattern(tool, input).writes };
};

/** A result whose call is unknown: counted under the tool alone. */
export const unknownCall = (tool: string): BreakerCall => ({ tool, input: UNKNOWN_INPUT, subject: 'input', key: keyOf(tool, UNKNOWN_INPUT), writes: false });

export type BreakerVerdict =
  | { readonly action: 'allow' }
  | {
      readonly action: 'warn' | 'block';
      readonly failures: number;
      /** The error signature the identical failures share. */
      readonly signature: string;
      /** The input signature of the call they share (`BreakerCall.input`). */
      readonly input: string;
      readonly explanation: string;
    };

/** Consecutive identical failures of one call (tool and input) in the open turn. */
export interface Streak {
  readonly signature: string;
  readonly count: number;
  /** The latest failure as one short line (scrubbed, as recorded), quoted to the model. */
  readonly error: string;
}

/** Per call key (`BreakerCall.key`), its current streak; a turn starts with none. */
export type Streaks = ReadonlyMap<string, Streak>;

export const NO_STREAKS: Streaks = new Map();

const ALLOW: BreakerVerdict = Object.freeze({ action: 'allow' });

/** The breaker judges a turn alone: no project record, so the estimate's prior is the default base rate. */
const NO_RECORD = Object.freeze({ runs: 0, fails: 0 });

const cap = (line: string, chars: number): string => (line.length > chars ? `${line.slice(0, chars)}...` : line);

/** The error as one short line: the line that says what went wrong (`errorLine`: the exception after a traceback, a not-found line), never a cut's marker. */
const shownError = (error: string): string => cap(errorLine(error), ERROR_SHOWN_CHARS);

const times = (n: number): string => `${n} time${n === 1 ? '' : 's'}`;

const quoted = (streak: Streak): string => (streak.error === '' ? 'no error text' : JSON.stringify(streak.error));

/** "this exact Bash command" / "this exact publish call": the words the model reads, naming what failed. */
const what = (call: BreakerCall): string => `this exact ${call.tool} ${call.subject === 'command' ? 'command' : 'call'}`;

const change = (call: BreakerCall): string =>
  call.subject === 'command' ? `change the command or its arguments before retrying (other ${call.tool} commands still run)` : `change its input before retrying (other ${call.tool} calls still run)`;

/**
 * The per-turn circuit breaker (issue 8, guards; issue 13: keyed on what failed) as a pure
 * function of the turn's streaks: per call (tool and normalised input), consecutive failures with
 * the same error signature (`failureSignature`: the error line's). A success of that call, a different
 * error, or a successful change to the files (an edit tool, a shell command that writes) restarts it.
 * Before a call: allow, warn (the call runs; the model is told) or block (the call does not run;
 * the model is told what to change). Other inputs of the same tool are judged on their own
 * streaks, so a shell stays usable after one command kept failing. The executive core folds the
 * streaks from the log, so the verdict replay derives is the one the session gave. Explanations
 * are engram's advice to the model, worded for it to act on; hosts prefix them with `engram:`.
 */
export const breakerVerdict = (streaks: Streaks, call: BreakerCall, params: BreakerParams): BreakerVerdict => {
  const streak = streaks.get(call.key);
  if (streak === undefined) return ALLOW;
  const { warnAt, blockAt } = params.perTool[call.tool] ?? params;
  const base = { failures: streak.count, signature: streak.signature, input: call.input };
  if (streak.count >= blockAt)
    return {
      action: 'block',
      ...base,
      explanation: `${what(call)} failed ${times(streak.count)} this turn with ${quoted(streak)}; ${change(call)}, try another way, or tell the user.`,
    };
  // The warning passes the gate every warning before a call passes (`worthWarning`), on the turn's
  // own evidence: this exact call failed `count` times in a row the same way, nothing written since.
  if (streak.count >= warnAt && worthWarning(estimateFailure(NO_RECORD, [{ runs: streak.count, fails: streak.count }])))
    return {
      action: 'warn',
      ...base,
      explanation: `${what(call)} has failed ${times(streak.count)} in a row this turn with ${quoted(streak)}; if it fails the same way again it will be blocked for the rest of the turn, so change something before running it again.`,
    };
  return ALLOW;
};

/** Updates a map the caller made for it with one tool result (`recordToolResult` hands it a fresh copy). */
const recordToolResultInto = (streaks: Map<string, Streak>, call: BreakerCall, ok: boolean, error: string): void => {
  if (ok) {
    // A change to the files lifts every streak: the reason a call kept failing may no longer hold.
    if (call.writes) streaks.clear();
    else streaks.delete(call.key);
    return;
  }
  // Keyed on the error line, not the whole output: debug prints change the head, the error stays the same.
  const signature = failureSignature(error);
  const previous = streaks.get(call.key);
  streaks.set(call.key, { signature, count: previous?.signature === signature ? previous.count + 1 : 1, error: shownError(error) });
};

/** The streaks after one tool result (a new map; `streaks` is left as it was). */
export const recordToolResult = (streaks: Streaks, call: BreakerCall, ok: boolean, error: string): Streaks => {
  const next = new Map(streaks);
  recordToolResultInto(next, call, ok, error);
  return next;
};
