import type { AnyEnvelope, EventData } from '@engram/events';
import { callPattern, codeWords, fileNames, missingName, pathSteps, scrubSecrets, writtenFiles, type CallPattern, type PathStep, type RegionCore } from '@engram/kernel';
import { failureLine } from '../call-lessons/failure-line.js';
import { goneAfter, type GonePaths } from './gone-paths.js';
import { knownAfter, shownNames, type KnownFiles } from './unknown-paths.js';
import { countRun, EMPTY_OUTCOMES, missingKey, outcomeKeys, runKeys, type CallSituation, type OutcomeKeys, type OutcomeTable } from './outcome-table.js';

export interface CallOutcomeParams {
  /** Keys a turn's record keeps (least recently run dropped first). */
  readonly maxTurnKeys: number;
  /** Files written whole a turn remembers (the oldest dropped first). */
  readonly maxTurnWritten: number;
  /** Removed paths a turn remembers (the oldest dropped first). */
  readonly maxTurnGone: number;
  /** File names a turn remembers having written or seen named (the oldest dropped first). */
  readonly maxTurnKnown: number;
}

export const CALL_OUTCOME_PARAM_REASONS: { readonly [K in keyof CallOutcomeParams]: string } = {
  maxTurnKeys: 'A turn of a few hundred calls has at most a few hundred keys; the bound keeps a runaway turn cheap (the project file has its own cap).',
  maxTurnWritten: 'A turn writes a few dozen scripts at most; the bound keeps a turn that writes thousands of files cheap.',
  maxTurnGone: 'A turn removes a few dozen of its own files at most; the bound keeps a turn that removes thousands cheap.',
  maxTurnKnown: "A listing of a large project names a few thousand files; past the bound the oldest are forgotten, and a warning about an unknown file needs the name to be unknown, so forgetting only costs warnings (the turn's own writes are the newest).",
};

export const defaultCallOutcomeParams: CallOutcomeParams = Object.freeze({ maxTurnKeys: 1000, maxTurnWritten: 200, maxTurnGone: 200, maxTurnKnown: 5000 });

/** The guarded signature of a warning from a call pattern's record (`call-record:<pattern>`). */
export const CALL_RECORD_SIGNATURE = 'call-record:';

/** A pattern's latest run in the turn: whether it worked, what it said when it failed, and whether files changed since. */
export interface LatestRun {
  readonly ok: boolean;
  readonly line: string;
  readonly wrote: boolean;
}

/** A file the turn wrote whole: its length in lines, the names it mentions, and whether a run of it has worked since. */
export interface WrittenScript {
  readonly lines: number;
  /** The names the writing call mentions (`codeWords`): what the script will reach for when run. */
  readonly words: readonly string[];
  /** A call that runs it worked after it was written: whatever it mentions was there. */
  readonly worked: boolean;
}

/** The file name of a call's target: the key of a script the turn wrote (`written`); null when the call names none. */
export const scriptName = (call: CallPattern): string | null => (call.target === null ? null : call.target.replace(/^.*\//, ''));

/** The file a call runs by its name, when the turn wrote it whole, else undefined. */
export const scriptOf = (written: ReadonlyMap<string, WrittenScript>, call: CallPattern): WrittenScript | undefined => {
  const name = scriptName(call);
  return name === null ? undefined : written.get(name);
};

/**
 * The length in lines of the script a call runs when the turn wrote it whole and has not run its
 * pattern yet (a new script's first run), else null.
 */
export const freshLines = (written: ReadonlyMap<string, WrittenScript>, call: CallPattern, situation: CallSituation): number | null => {
  if (situation !== 'first') return null;
  return scriptOf(written, call)?.lines ?? null;
};

/** Where a call stands in its turn (`CallSituation`), from its pattern's latest run. */
export const situationOf = (latest: ReadonlyMap<string, LatestRun>, call: CallPattern): CallSituation => {
  const last = latest.get(call.pattern);
  if (last === undefined) return 'first';
  if (last.ok) return 'worked';
  return last.wrote || call.writes ? 'changed' : 'retry';
};

interface PendingCall {
  readonly call: CallPattern;
  readonly keys: OutcomeKeys | null;
  /** What it does to files by name (`pathSteps`), followed when it has run. */
  readonly steps: readonly PathStep[];
  /** Its first line, named by a warning about a path it removed. */
  readonly head: string;
}

export interface CallOutcomeState {
  readonly params: CallOutcomeParams;
  readonly memoryOff: boolean;
  /** Calls reported and awaiting their result. */
  readonly calls: ReadonlyMap<string, PendingCall>;
  /** Per pattern, its latest run in the turn. */
  readonly latest: ReadonlyMap<string, LatestRun>;
  /** The turn's record of runs and failures (`outcomeKeys`), merged into the project's at the turn's end. */
  readonly turn: OutcomeTable;
  /** Files the turn wrote whole (by name): their length in lines, the names they mention, whether a run of them worked (`writtenFiles`). */
  readonly written: ReadonlyMap<string, WrittenScript>;
  /** Paths the turn removed and nothing has put back since (`goneAfter`): a later call that needs one fails. */
  readonly gone: GonePaths;
  /** File names the turn wrote or saw named in a call's output (`fileNames`): what it knows is there. */
  readonly known: KnownFiles;
  /** Whether a call of the turn reported any output: a host that reports none leaves every file unseen, and then nothing is said of unseen files. */
  readonly sawOutput: boolean;
  /** Whether a call of the turn changed directory: a host that keeps the directory (Claude Code) then runs later names elsewhere, and nothing is said of unseen files. */
  readonly moved: boolean;
}

/**
 * The file names a warning about unseen files may go by, or null when it must say nothing of
 * them: the turn saw no output (a host that reports none would leave every file unseen), or it
 * changed directory (later names mean other files).
 */
export const knownFilesOf = (s: CallOutcomeState): KnownFiles | null => (s.sawOutput && !s.moved ? s.known : null);

/** A removing command's first line as a warning names it: long enough to recognise, short enough for one line. */
const HEAD_CHARS = 120;

const TURN_EDGES = new Set(['executive.turn.completed', 'executive.turn.failed', 'executive.turn.cancelled']);

/** The text a call writes a file from: a shell command (its heredoc), else a Write's content. */
const writingText = (input: unknown): string => {
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const text = fields['command'] ?? fields['content'];
  return typeof text === 'string' ? text : '';
};

const remember = (written: ReadonlyMap<string, WrittenScript>, tool: string, input: unknown, max: number): ReadonlyMap<string, WrittenScript> => {
  const files = writtenFiles(tool, input);
  if (files.length === 0) return written;
  const next = new Map(written);
  const words = codeWords(writingText(input));
  for (const f of files) {
    next.delete(f.name);
    next.set(f.name, { lines: f.lines, words, worked: false });
  }
  while (next.size > max) next.delete(next.keys().next().value as string);
  return next;
};

/** The first line of a call's command (a heredoc's body left out), else its tool's input as JSON, cut to a readable length. */
const firstLine = (input: unknown): string => {
  const command = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)['command'] : undefined;
  const text = typeof command === 'string' ? command.split('\n')[0] ?? '' : JSON.stringify(input ?? null);
  return scrubSecrets(text.length > HEAD_CHARS ? `${text.slice(0, HEAD_CHARS)}…` : text);
};

const called = (s: CallOutcomeState, d: EventData<'executive.tool.called'>): CallOutcomeState => {
  const call = callPattern(d.name, d.input);
  // A script written and run in one call (`cat <<EOF > x.py ... EOF && python x.py`) is new on that run.
  const written = remember(s.written, d.name, d.input, s.params.maxTurnWritten);
  const situation = situationOf(s.latest, call);
  const calls = new Map(s.calls);
  calls.set(d.toolUseId, { call, keys: outcomeKeys(call, d.input, situation, freshLines(written, call, situation)), steps: pathSteps(d.name, d.input), head: firstLine(d.input) });
  return { ...s, calls, written };
};

const resulted = (s: CallOutcomeState, d: EventData<'executive.tool.resulted'>, at: string): CallOutcomeState => {
  const pending = s.calls.get(d.toolUseId);
  if (pending === undefined || pending.call.tool !== d.name) return s;
  const calls = new Map(s.calls);
  calls.delete(d.toolUseId);
  const line = d.ok ? '' : scrubSecrets(failureLine(d.error).line);
  const { keys, call } = pending;
  const gone = goneAfter(s.gone, pending.steps, pending.head, s.params.maxTurnGone);
  const known = knownAfter(s.known, [...shownNames(pending.steps, d.ok), ...fileNames(d.output), ...fileNames(d.error)], s.params.maxTurnKnown);
  let turn = countRun(s.turn, runKeys(keys), d.ok, line, at, s.params.maxTurnKeys);
  // What the failure said is missing: a name later calls that mention it will miss too (`callWarning`).
  const missing = d.ok ? null : missingName(line);
  if (missing !== null) turn = countRun(turn, [missingKey(missing)], false, line, at, s.params.maxTurnKeys);
  // A script that ran and worked had whatever it mentions.
  const name = scriptName(call) ?? '';
  // The pattern names the script when the call runs it (`python x.py`), not when it only writes it (`cat <<EOF > x.py`).
  const script = d.ok && name !== '' && call.pattern.endsWith(name) ? s.written.get(name) : undefined;
  const written = script === undefined || script.worked ? s.written : new Map(s.written).set(name, { ...script, worked: true });
  let latest = s.latest;
  // A call that writes changed the files even when what it ran then failed (a heredoc written, then run).
  if (call.writes && latest.size > 0) latest = new Map([...latest].map(([k, r]) => [k, r.wrote ? r : { ...r, wrote: true }]));
  if (call.pattern !== '') latest = new Map(latest).set(call.pattern, { ok: d.ok, line, wrote: false });
  const sawOutput = s.sawOutput || d.output.trim() !== '';
  const moved = s.moved || pending.steps.some((x) => x.kind === 'moves');
  return { ...s, calls, turn, latest, written, gone, known, sawOutput, moved };
};

/**
 * A project's record of its calls (issue 24: warnings that are right more often than not): from
 * the recorded calls and results, the turn's runs and failures per key (`outcomeKeys`: program,
 * pattern, exact command, and the pattern in its situation), which the session merges into the
 * project's file at the turn's end; and each pattern's latest run in the turn with whether files
 * changed since (`situationOf`).
 * Derives no event; the warning before a call (`callWarning`) reads it. Pure and immutable: every
 * event gives a new state, so replay folds the same record from the log.
 */
export const callOutcomeCore: RegionCore<CallOutcomeState, CallOutcomeParams, 'cerebellum.outcomes'> = {
  id: 'cerebellum.outcomes',
  source: 'cerebellum',
  initialState: (params) => ({ params, memoryOff: false, calls: new Map(), latest: new Map(), turn: EMPTY_OUTCOMES, written: new Map(), gone: new Map(), known: new Set(), sawOutput: false, moved: false }),
  evolve: (s, e: AnyEnvelope) => {
    if (e.type === 'executive.session.started') return { ...callOutcomeCore.initialState(s.params), memoryOff: e.data.modes.memory === 'off' };
    // The turn's record stays after its end, for the session to merge; the next turn starts afresh.
    if (e.type === 'executive.turn.started') return { ...s, calls: new Map(), latest: new Map(), turn: EMPTY_OUTCOMES, written: new Map(), gone: new Map(), known: new Set(), sawOutput: false, moved: false };
    if (TURN_EDGES.has(e.type)) return s.calls.size === 0 && s.latest.size === 0 && s.written.size === 0 && s.gone.size === 0 && s.known.size === 0 && !s.sawOutput && !s.moved ? s : { ...s, calls: new Map(), latest: new Map(), written: new Map(), gone: new Map(), known: new Set(), sawOutput: false, moved: false };
    if (s.memoryOff) return s;
    if (e.type === 'executive.tool.called') return called(s, e.data);
    if (e.type === 'executive.tool.resulted') return resulted(s, e.data, e.at);
    return s;
  },
  react: () => [],
};
