import { scrubSecrets, scrubValue } from '@engram/kernel';
import { isObject } from './payload-fields.js';
import type { PostToolPayload } from './hook-payload.js';

/** Output and errors kept per tool result: enough for the error signature, a nudge and the episode, not a whole file. */
export const MAX_RESULT_CHARS = 2_000;

export interface ToolOutcome {
  readonly ok: boolean;
  readonly output: string;
  readonly error: string;
}

/** Of a long result, the share kept from its head (the status, the command's first words); the rest is its tail, where the error line comes. */
const HEAD_CHARS = 500;

/**
 * Scrubbed before it is cut: a cut can remove what makes a secret recognisable (a key's BEGIN
 * line, a URL's `@`). A long text keeps its head and its tail: what went wrong is usually said
 * last (the exception after a traceback, after the debug prints), so a head-only cut lost it.
 */
const clip = (raw: string): string => {
  const text = scrubSecrets(raw);
  if (text.length <= MAX_RESULT_CHARS) return text;
  const tail = MAX_RESULT_CHARS - HEAD_CHARS;
  return `${text.slice(0, HEAD_CHARS)}\n... [${text.length - MAX_RESULT_CHARS} more characters]\n${text.slice(-tail)}`;
};

/** A response as text; one nested past what `JSON.stringify` can walk (thousands deep) is written from its depth-capped copy. */
const text = (x: unknown): string => {
  if (typeof x === 'string') return x;
  if (x === undefined || x === null) return '';
  try {
    return JSON.stringify(x) ?? '';
  } catch {
    return JSON.stringify(scrubValue(x)) ?? '';
  }
};

/** A non-zero exit status under any of the spellings tools use. */
const failedExit = (r: Record<string, unknown>): boolean => ['exit_code', 'exitCode', 'returncode', 'returnCode'].some((k) => typeof r[k] === 'number' && r[k] !== 0);

/**
 * Whether a tool call failed, and what it said. `PostToolUseFailure` is a failure by definition
 * (its `error` is the message). A `PostToolUse` response is a failure when it says so in one of
 * the ways tools do: `is_error`/`isError`, `success: false`, `interrupted`, a non-zero exit code,
 * or a non-empty `error` string; anything else is a success. Both are cut to `MAX_RESULT_CHARS`.
 */
export const toolOutcome = (p: PostToolPayload): ToolOutcome => {
  const r = p.toolResponse;
  const body = isObject(r) ? (typeof r['stdout'] === 'string' ? [r['stdout'], typeof r['stderr'] === 'string' ? r['stderr'] : ''].filter(Boolean).join('\n') : text(r['content'] ?? r['output'] ?? r)) : text(r);
  if (p.event === 'PostToolUseFailure' || p.error !== undefined) {
    const error = p.error ?? (isObject(r) ? text(r['error']) : '');
    return { ok: false, output: '', error: clip(error || body || (p.interrupted ? 'interrupted' : 'the tool failed')) };
  }
  if (!isObject(r)) return { ok: true, output: clip(body), error: '' };
  const failed = r['is_error'] === true || r['isError'] === true || r['success'] === false || r['interrupted'] === true || failedExit(r) || (typeof r['error'] === 'string' && r['error'] !== '');
  if (!failed) return { ok: true, output: clip(body), error: '' };
  const error = typeof r['error'] === 'string' && r['error'] !== '' ? r['error'] : typeof r['stderr'] === 'string' && r['stderr'] !== '' ? r['stderr'] : r['interrupted'] === true ? 'interrupted' : body;
  return { ok: false, output: '', error: clip(error || 'the tool failed') };
};
