import { scrubSecrets } from '@engram/kernel';

/** One way of doing a tool's job; a chain tries them in order until one succeeds. */
export interface FallbackStep<I = unknown, O = unknown> {
  /** Short and stable (`utf-8`, `detected-charset`, `latin-1`): it is what the log records. */
  readonly name: string;
  /** Does the work; a throw (or a rejected promise) means this step failed. */
  run(input: I): O | Promise<O>;
}

export interface FallbackAttempt {
  readonly step: string;
  readonly ok: boolean;
  readonly error: string;
}

export type FallbackOutcome<O> =
  | { readonly ok: true; readonly value: O; readonly worked: string; readonly attempts: readonly FallbackAttempt[] }
  | { readonly ok: false; readonly worked: null; readonly attempts: readonly FallbackAttempt[]; readonly error: string };

/** Longest error kept per attempt: enough for the signature and a reader, not a whole traceback. */
const MAX_ATTEMPT_ERROR_CHARS = 500;

const messageOf = (err: unknown): string => {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : typeof err === 'string' ? err : JSON.stringify(err);
  return scrubSecrets(text ?? 'unknown error').slice(0, MAX_ATTEMPT_ERROR_CHARS);
};

/**
 * The order to try a chain's steps in: the step that last worked for this kind of target first
 * (no point failing through UTF-8 again on a file we know is Latin-1), then the rest in the order
 * the host registered them. Pure, so the choice is testable and explainable.
 */
export const orderSteps = <S extends { readonly name: string }>(steps: readonly S[], preferred: string | null): S[] => {
  const first = preferred === null ? undefined : steps.find((s) => s.name === preferred);
  return first === undefined ? [...steps] : [first, ...steps.filter((s) => s !== first)];
};

/**
 * Runs the steps in order and stops at the first that succeeds. Every attempt is kept (step,
 * outcome, scrubbed error) for the `executive.fallback.resolved` event; when all fail, the error
 * lists each step's failure so the model sees what was tried.
 */
export const runFallbackChain = async <I, O>(steps: readonly FallbackStep<I, O>[], input: I): Promise<FallbackOutcome<O>> => {
  const attempts: FallbackAttempt[] = [];
  for (const step of steps) {
    try {
      const value = await step.run(input);
      attempts.push({ step: step.name, ok: true, error: '' });
      return { ok: true, value, worked: step.name, attempts };
    } catch (err) {
      attempts.push({ step: step.name, ok: false, error: messageOf(err) });
    }
  }
  const error = `every fallback step failed: ${attempts.map((a) => `${a.step}: ${a.error}`).join('; ')}`;
  return { ok: false, worked: null, attempts, error };
};
