import { createHash } from 'node:crypto';
import { draft, type AnyDraft, type EventData } from '@engram/events';
import { callPattern, scrubSecrets, type CallPattern, type RegionCore } from '@engram/kernel';
import { failureLine, type FailureLine } from './failure-line.js';
import { callLessonText } from './call-lesson-text.js';

export interface CallLessonParams {
  /** Failures of one turn awaiting the call that does their job. */
  readonly maxOpenFailures: number;
}

export const CALL_LESSON_PARAM_REASONS: { readonly [K in keyof CallLessonParams]: string } = {
  maxOpenFailures: 'A turn rarely has more than a handful of distinct failing patterns open; a bound keeps a runaway turn cheap.',
};

export const defaultCallLessonParams: CallLessonParams = Object.freeze({ maxOpenFailures: 16 });

/** Hex digits kept from the sha256: 48 bits, ample for one project's lessons, short in a prompt. */
const HASH_HEX_CHARS = 12;

interface OpenCall {
  readonly id: string;
  readonly call: CallPattern;
  /** The input as typed (the command), to tell a plain retry from a changed one. */
  readonly input: string;
}

interface OpenFailure {
  readonly failed: OpenCall;
  readonly error: FailureLine;
  /** Files were changed since (an edit tool, a shell write). */
  wrote: boolean;
}

/** A pattern's latest failure in the turn, for a retry warning: what it said, and whether files changed since. */
export interface RecentFailure {
  readonly line: string;
  wrote: boolean;
}

export interface CallLessonState {
  readonly params: CallLessonParams;
  memoryOff: boolean;
  calls: Map<string, OpenCall>;
  /** The turn's first failure per pattern, awaiting the call that does its job. */
  open: Map<string, OpenFailure>;
  /** The turn's latest failure per pattern (cleared when the pattern works); derives nothing, read before a call. */
  recent: Map<string, RecentFailure>;
  outbox: readonly AnyDraft[];
}

const NOTHING: readonly AnyDraft[] = Object.freeze([]);

/** The stable id of a lesson: tool, pattern and error signature (the same mistake merges, whatever worked). */
const callLessonId = (tool: string, pattern: string, signature: string): string =>
  `cerebellum.call.${createHash('sha256').update(JSON.stringify([tool, pattern, signature])).digest('hex').slice(0, HASH_HEX_CHARS)}`;

const inputText = (input: unknown): string => {
  const command = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)['command'] : undefined;
  return typeof command === 'string' ? command : JSON.stringify(input ?? null);
};

/**
 * The success does the failure's job: the same program or tool, or something done to the same
 * target. A call that only looks at the target (`cat x.py` after `python x.py` failed) did not do
 * the job another way; it is not a recovery.
 */
const sameJob = (f: OpenFailure, c: CallPattern): boolean =>
  (c.program !== '' && c.program === f.failed.call.program && c.tool === f.failed.call.tool) || (c.target !== null && !c.readOnly && c.target === f.failed.call.target);

/** An error line with no letter or digit in it (`...`) says nothing a lesson could quote. */
const SAYS_SOMETHING = /[\p{L}\p{N}]/u;

const learned = (f: OpenFailure, success: OpenCall): AnyDraft => {
  const failed = { tool: f.failed.call.tool, pattern: scrubSecrets(f.failed.call.pattern) };
  const recovery = { tool: success.call.tool, pattern: scrubSecrets(success.call.pattern), afterWrites: f.wrote };
  const errorLine = scrubSecrets(f.error.line);
  return draft('cerebellum.call.learned', {
    lessonId: callLessonId(failed.tool, failed.pattern, f.error.signature),
    failed,
    errorLine,
    signature: f.error.signature,
    recovery,
    text: callLessonText({ failed, errorLine, recovery }),
    evidence: { failedToolUseId: f.failed.id, succeededToolUseId: success.id },
  });
};

const putBounded = <V>(map: Map<string, V>, key: string, value: V, max: number): void => {
  map.delete(key);
  map.set(key, value);
  for (const k of map.keys()) {
    if (map.size <= Math.max(0, max)) break;
    map.delete(k);
  }
};

const observeResult = (s: CallLessonState, d: EventData<'executive.tool.resulted'>): void => {
  const call = s.calls.get(d.toolUseId);
  s.calls.delete(d.toolUseId);
  if (call === undefined || call.call.tool !== d.name) return;
  if (call.call.writes && d.ok) for (const f of s.open.values()) f.wrote = true;
  // A call that writes changed the files even when what it ran then failed (a heredoc written, then run).
  if (call.call.writes) for (const f of s.recent.values()) f.wrote = true;
  if (d.ok) s.recent.delete(call.call.pattern);
  if (!d.ok) {
    if (call.call.pattern === '') return;
    const error = failureLine(d.error);
    if (error.line === '') return; // nothing printed: nothing to warn with
    putBounded(s.recent, call.call.pattern, { line: scrubSecrets(error.line), wrote: false }, s.params.maxOpenFailures);
    if (s.open.has(call.call.pattern) || !SAYS_SOMETHING.test(error.line)) return;
    putBounded(s.open, call.call.pattern, { failed: call, error, wrote: false }, s.params.maxOpenFailures);
    return;
  }
  const out: AnyDraft[] = [];
  for (const [key, f] of s.open) {
    if (!sameJob(f, call.call)) continue;
    s.open.delete(key);
    // The very same command working again with nothing changed is a flaky call, not a recovery.
    if (call.input === f.failed.input && !f.wrote) continue;
    out.push(learned(f, call));
  }
  if (out.length > 0) s.outbox = out;
};

/**
 * Error learning for every tool (issue 24): a failed call (any tool; Bash by the program and
 * subcommand it ran) followed later in the turn by a successful call that does the same job (the
 * same program or tool, or the same target) yields a lesson naming the failed pattern, the error
 * line and what worked instead (`cerebellum.call.learned`). Only the first failure of a pattern
 * in a turn opens one; the same command succeeding with nothing changed in between is a flaky
 * retry and teaches nothing. A turn's boundaries drop what is open; memory mode `off` learns
 * nothing. The turn's latest failure of each pattern is kept too (`recent`), with whether files
 * changed since, for the warning before a retry (`retryWarning`). Pure, so replay re-derives every lesson from the recorded calls and results.
 */
export const callLessonCore: RegionCore<CallLessonState, CallLessonParams, 'cerebellum.calls'> = {
  id: 'cerebellum.calls',
  source: 'cerebellum',
  updatesInPlace: 'the open calls and failures of a turn are maps updated per event, and `outbox` holds what the event just folded derived',
  initialState: (params) => ({ params, memoryOff: false, calls: new Map(), open: new Map(), recent: new Map(), outbox: NOTHING }),
  evolve: (s, e) => {
    s.outbox = NOTHING;
    const type = e.type;
    if (type === 'executive.session.started') s.memoryOff = e.data.modes.memory === 'off';
    if (type === 'executive.session.started' || type === 'executive.turn.started' || type === 'executive.turn.completed' || type === 'executive.turn.failed' || type === 'executive.turn.cancelled') {
      if (s.calls.size > 0) s.calls = new Map();
      if (s.open.size > 0) s.open = new Map();
      if (s.recent.size > 0) s.recent = new Map();
    } else if (s.memoryOff) return s;
    else if (type === 'executive.tool.called') s.calls.set(e.data.toolUseId, { id: e.data.toolUseId, call: callPattern(e.data.name, e.data.input), input: inputText(e.data.input) });
    else if (type === 'executive.tool.resulted') observeResult(s, e.data);
    return s;
  },
  react: (s) => s.outbox,
};
