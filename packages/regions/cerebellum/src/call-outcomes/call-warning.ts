import { codeWords, defaultEstimateParams, estimateFailure, missingName, pathSteps, weighEvidence, worthWarning, type CallPattern, type EstimateParams } from '@engram/kernel';
import { defaultLessonMatchParams, failureShare, isDemoted, lessonWarning, type LessonMatchParams } from '../call-lessons/lesson-for-call.js';
import { retryWarning } from '../call-lessons/retry-warning.js';
import type { StoredCallLesson } from '../call-lessons/stored-call-lesson.js';
import { freshLines, scriptOf, situationOf, type LatestRun, type WrittenScript } from './call-outcome-core.js';
import { goneNeed, type GoneNeed, type GonePaths } from './gone-paths.js';
import { unknownNeed, type KnownFiles, type UnknownNeed } from './unknown-paths.js';
import { addCounts, ALL_CALLS_KEY, countsOf, MISSING_PREFIX, outcomeKeys, type OutcomeCounts, type OutcomeTable } from './outcome-table.js';

export interface CallWarningParams extends EstimateParams, LessonMatchParams {
  /** Runs of a pattern the project must have recorded before its record is said (an unchanged retry needs none: the turn's failure is the evidence). */
  readonly minRecordRuns: number;
  /** How many times the odds of failing a call has that mentions a name the project found missing, against what its record alone says. */
  readonly missingNameOdds: number;
  /** The chance that a call fails when it needs a path its turn removed and nothing put back. */
  readonly goneFailure: number;
  /** The chance that a script an interpreter runs from the working folder fails when the turn never wrote it, no output named it, and it never worked in the project. */
  readonly unknownScriptFailure: number;
  /** The chance that `rm` fails when it is given a file the turn never wrote and no output named. */
  readonly unknownRemoveFailure: number;
}

export const CALL_WARNING_PARAM_REASONS: { readonly [K in keyof Pick<CallWarningParams, 'minRecordRuns' | 'missingNameOdds' | 'goneFailure' | 'unknownScriptFailure' | 'unknownRemoveFailure' | 'warnAt'>]: string } = {
  warnAt:
    "0.5, above the shared gate's 0.4 (the breaker's, on a turn's own evidence): a warning from the project's record should be right more often than not; on the tuning half of the trajectories bench, calls the record put at 0.5 or more failed about 3 times in 5, those between 0.4 and 0.5 about 1 time in 2 or less.",
  minRecordRuns: 'Three runs: two failures of three is a pattern; one or two runs are an anecdote.',
  missingNameOdds:
    'Three: on the tuning half of the trajectories bench, calls of like estimate that mentioned a name the project had found missing failed at about three times the odds of those that did not (about 2 in 3 against 1 in 3); an absence persists until something provides the name.',
  goneFailure:
    "0.75: on the tuning half of the trajectories bench, 6 of 8 calls that needed a path their turn had removed failed; a removed file does not come back by itself.",
  unknownScriptFailure:
    "0.8: on the tuning half of the trajectories bench, 5 of 5 such runs failed with \"can't open file\" (the even half, read afterwards: 4 of 4); not 1, since a file a program made without naming it (a generator's output) is there.",
  unknownRemoveFailure:
    '0.54: on the tuning half, 7 of 13 `rm` calls given a file the turn never wrote nor saw named failed (a database or an output a script made unseen is there); just over the gate, and the warning costs the agent one `ls`.',
};

export const defaultCallWarningParams: CallWarningParams = Object.freeze({ ...defaultEstimateParams, ...defaultLessonMatchParams, minRecordRuns: 3, missingNameOdds: 3, goneFailure: 0.75, unknownScriptFailure: 0.8, unknownRemoveFailure: 0.54, warnAt: 0.5 });

/** What the decision reads: the call, the project's record (stored and this turn's), the turn's runs so far, and the project's lessons. */
export interface CallWarningInput {
  readonly call: CallPattern;
  /** The call's input as recorded (`executive.tool.called`): the exact key. */
  readonly input: unknown;
  /** The project's record as stored (earlier turns and sessions). */
  readonly stored: OutcomeTable;
  /** This turn's record, not stored yet (`callOutcomeCore`). */
  readonly turn: OutcomeTable;
  /** Each pattern's latest run in the turn (`callOutcomeCore`). */
  readonly latest: ReadonlyMap<string, LatestRun>;
  /** Files the turn wrote whole: their length in lines, the names they mention, whether a run of them worked (`callOutcomeCore`); none when absent. */
  readonly written?: ReadonlyMap<string, WrittenScript>;
  /** Paths the turn removed and nothing put back (`callOutcomeCore`); none when absent. */
  readonly gone?: GonePaths;
  /** File names the turn wrote or saw named in an output (`callOutcomeCore`); null or absent when the turn saw no output (then nothing is said of unseen files). */
  readonly known?: KnownFiles | null;
  readonly lessons: readonly StoredCallLesson[];
}

/** The warning to say before the call, with the estimate that let it through. */
export type CallWarning =
  | { readonly kind: 'retry'; readonly estimate: number; readonly text: string }
  | { readonly kind: 'lesson'; readonly estimate: number; readonly text: string; readonly lesson: StoredCallLesson }
  | { readonly kind: 'record'; readonly estimate: number; readonly text: string }
  | { readonly kind: 'missing'; readonly estimate: number; readonly text: string; readonly name: string }
  | { readonly kind: 'gone'; readonly estimate: number; readonly text: string; readonly path: string }
  | { readonly kind: 'unknown'; readonly estimate: number; readonly text: string; readonly path: string };

const NONE_WRITTEN: ReadonlyMap<string, WrittenScript> = new Map();
const NONE_GONE: GonePaths = new Map();

const times = (n: number): string => `${n} time${n === 1 ? '' : 's'}`;

const latestLesson = (lessons: readonly StoredCallLesson[]): StoredCallLesson | null =>
  lessons.reduce<StoredCallLesson | null>((best, l) => (best === null || l.count > best.count || (l.count === best.count && l.lastSeen > best.lastSeen) ? l : best), null);

/** A warning from the record alone: how often the pattern failed here, its latest error line, and what last worked instead. */
const recordText = (pattern: string, c: OutcomeCounts): string => {
  const line = c.line === '' ? '' : `, latest with "${c.line}"`;
  return `In this project \`${pattern}\` failed ${times(c.fails)} in ${c.runs} runs${line}. Check the cause before running it, or do the job another way.`;
};

/** The input as typed: a shell command's text, else the input as JSON. */
const inputText = (input: unknown): string => {
  const command = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)['command'] : undefined;
  return typeof command === 'string' ? command : JSON.stringify(input ?? null);
};

/** The names a call reaches for, in order: those its input mentions, then those of the script it runs when the turn wrote it. */
export const namesReachedFor = (call: CallPattern, input: unknown, written: ReadonlyMap<string, WrittenScript>): readonly string[] => [
  ...codeWords(inputText(input)),
  ...(scriptOf(written, call)?.words ?? []),
];

/**
 * The first name the call reaches for that the project's record says is missing (keys `m:`, the
 * latest error line that said so), or null. What the call reaches for: the names its input
 * mentions and those of the script it runs when the turn wrote it. A name is no longer missing
 * in this turn once a script of the turn that mentions it ran and worked: it was there.
 */
const missingNameIn = (w: CallWarningInput, written: ReadonlyMap<string, WrittenScript>): { readonly name: string; readonly line: string } | null => {
  const known = new Map<string, string>();
  for (const table of [w.stored, w.turn]) for (const [key, c] of table) if (key.startsWith(MISSING_PREFIX) && c.fails > 0) known.set(key.slice(MISSING_PREFIX.length), c.line);
  if (known.size === 0) return null;
  const had = new Set<string>();
  for (const script of written.values()) if (script.worked) for (const word of script.words) had.add(word);
  for (const word of namesReachedFor(w.call, w.input, written)) {
    const line = known.get(word);
    if (line !== undefined && !had.has(word)) return { name: word, line };
  }
  return null;
};

/** An estimate's odds multiplied by `factor`, back as a chance. */
const withOdds = (estimate: number, factor: number): number => {
  if (estimate >= 1) return 1;
  const o = (estimate / (1 - estimate)) * factor;
  return o / (1 + o);
};

/** A warning that names what is missing: the name, the error line that said so, and what to do. */
const missingText = (pattern: string, name: string, line: string): string =>
  `\`${pattern}\` reaches for \`${name}\`, which this project found missing${line === '' ? '' : ` ("${line}")`}. Provide it first, or do the job without it.`;

/** A warning that names the removed path, the command that removed it, and what to do instead. */
const goneText = (need: GoneNeed): string => {
  const by = need.by === '' ? 'earlier in this same command' : `by \`${need.by}\``;
  const instead = need.program === 'rm' || need.program === 'rmdir' ? 'Leave it out of the command' : 'Write it again first, or use what replaced it';
  return `\`${need.path}\` is not there any more: this turn removed it (${by}) and nothing has written it since, so \`${need.program}\` will fail with "No such file or directory". ${instead}.`;
};

/** A warning that names the file nobody saw, what will fail, and what to check. */
const unknownText = (u: UnknownNeed): string =>
  u.kind === 'script'
    ? `\`${u.path}\` was not written in this turn and no output named it: if it is not there, \`${u.program}\` will fail with "can't open file". Write it first, or check its name with \`ls\`.`
    : `\`${u.path}\` was not written in this turn and no output named it: if it is not there, \`${u.program}\` fails on it ("No such file or directory") after removing the rest. Check it with \`ls\`, or leave it out.`;

/**
 * Whether to warn before a call, and with what (issue 24: a warning should be right more often
 * than not). First, a call that needs a path its turn removed (`goneNeed`) is warned about with the
 * path and the command that removed it: a removed file does not come back by itself. Then a file
 * the turn never wrote nor saw named in an output (`unknownNeed`): an operand of `rm`, or a script
 * run from the working folder for the first time in the turn that never worked in the project.
 * Else the chance that the call fails is estimated from the project's own record
 * (`estimateFailure`: all its calls, then the program, the pattern, the exact command and the
 * pattern in its situation in the turn, each a Beta shrunk toward the coarser one; for the first
 * run of a script the turn wrote whole, weighed by how the project's new scripts of its size
 * fared: `weighEvidence`; when the call reaches for a name a failure in the project said was
 * missing, its odds multiplied by `missingNameOdds`: `missingNameIn`). A lesson's
 * own record (the calls it was shown before) is not a further level: those calls are runs of its
 * pattern, counted already; it decides whether the lesson's words are said (not demoted, and still
 * predicting its calls: `failureShare`), else the record speaks. A call is warned about only when the
 * estimate reaches `warnAt`, and only on evidence: an unchanged retry (the turn's failure), or
 * `minRecordRuns` runs of its pattern. Never after its pattern worked in this turn: the turn's
 * own run is fresher than any record. The words: for an unchanged retry, the turn's error line;
 * else, when the call reaches for a missing name, the project's lesson if it is about that very
 * absence (what failed, and what worked instead), else the name and the line that said so; else
 * the lesson for the pattern; else the record (how often, and the latest error line). Pure: the same inputs give the same answer.
 */
export const callWarning = (w: CallWarningInput, p: CallWarningParams = defaultCallWarningParams): CallWarning | null => {
  // A path the turn removed is gone whatever the call's record says, even for a pattern that worked before.
  const steps = pathSteps(w.call.tool, w.input);
  const need = goneNeed(w.gone ?? NONE_GONE, steps);
  if (need !== null && worthWarning(p.goneFailure, p)) return { kind: 'gone', estimate: p.goneFailure, text: goneText(need), path: need.path };
  // A file the turn never wrote nor saw named: `rm` fails on it whatever rm did before.
  const unknown = w.known === undefined || w.known === null ? null : unknownNeed(w.known, steps);
  if (unknown?.kind === 'remove' && worthWarning(p.unknownRemoveFailure, p)) return { kind: 'unknown', estimate: p.unknownRemoveFailure, text: unknownText(unknown), path: unknown.path };
  const situation = situationOf(w.latest, w.call);
  if (situation === 'worked') return null;
  const keys = outcomeKeys(w.call, w.input, situation, freshLines(w.written ?? NONE_WRITTEN, w.call, situation));
  if (keys === null) return null;
  const of = (key: string): OutcomeCounts => addCounts(countsOf(w.stored, key), countsOf(w.turn, key));
  const pattern = of(keys.pattern);
  // A script first run in the turn, never seen, that never worked in the project: the agent believes it wrote it.
  if (unknown?.kind === 'script' && situation === 'first' && pattern.runs === pattern.fails && worthWarning(p.unknownScriptFailure, p))
    return { kind: 'unknown', estimate: p.unknownScriptFailure, text: unknownText(unknown), path: unknown.path };
  if (situation !== 'retry' && pattern.runs < p.minRecordRuns) return null;
  const levels = [of(keys.program), pattern, of(keys.exact), of(keys.situation)];
  // A lesson's words are used while its own record (the calls it was shown before) still says it predicts them.
  const mine = w.lessons.filter((l) => l.failed.tool === w.call.tool && l.failed.pattern === w.call.pattern && !isDemoted(l, p) && failureShare(l) >= p.minFailureShare);
  const lesson = situation === 'retry' ? null : latestLesson(mine);
  const recorded = estimateFailure(of(ALL_CALLS_KEY), levels, p);
  // A new script's first run: how the project's new scripts of its size fared against all its new scripts.
  const weighed = keys.fresh === null ? recorded : weighEvidence(recorded, of(keys.fresh.size), of(keys.fresh.any), p);
  // A name the project found missing, reached for again: the same absence is likely met again.
  const missing = missingNameIn(w, w.written ?? NONE_WRITTEN);
  const estimate = missing === null ? weighed : withOdds(weighed, p.missingNameOdds);
  if (!worthWarning(estimate, p)) return null;
  if (situation === 'retry') {
    const last = w.latest.get(w.call.pattern);
    const text = retryWarning(new Map([[w.call.pattern, { line: last?.line ?? '', wrote: false }]]), w.call);
    if (text !== null) return { kind: 'retry', estimate, text };
  }
  // The missing name, unless the lesson is about that very absence (it also says what worked instead); else the lesson, else the record.
  if (lesson !== null && (missing === null || missingName(lesson.errorLine) === missing.name)) return { kind: 'lesson', estimate, text: lessonWarning(lesson), lesson };
  if (missing !== null) return { kind: 'missing', estimate, text: missingText(w.call.pattern, missing.name, missing.line), name: missing.name };
  return { kind: 'record', estimate, text: recordText(w.call.pattern, pattern) };
};
