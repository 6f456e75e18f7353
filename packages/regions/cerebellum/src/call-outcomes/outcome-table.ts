import { createHash } from 'node:crypto';
import type { CallPattern, OutcomeEvidence } from '@engram/kernel';
import { compareCodeUnits } from '@engram/kernel';

/** One key's record: its runs and failures, the latest failure's error line, and when it was last seen (LRU). */
export interface OutcomeCounts extends OutcomeEvidence {
  /** The error line of the latest failure ('' until one failed). */
  readonly line: string;
  /** When the key was last run (the event's time): the least recent key goes first at the cap. */
  readonly at: string;
}

/** Per key (`outcomeKeys`), a project's record of its calls. */
export type OutcomeTable = ReadonlyMap<string, OutcomeCounts>;

export const EMPTY_OUTCOMES: OutcomeTable = new Map();

/** Keys a project keeps, the least recently run dropped first: bounds the file and the read before each call. */
export const MAX_OUTCOME_KEYS = 2000;

/** The key of every call of the project: its overall failure rate, the prior of all the others. */
export const ALL_CALLS_KEY = '*';

/** The prefix of the keys of missing names. */
export const MISSING_PREFIX = 'm:';

/** The key of a name a failure said was missing (`missingName`): `m:psycopg2`. Counted at each such failure. */
export const missingKey = (name: string): string => `${MISSING_PREFIX}${name}`;

/** Hex digits of the exact command's hash: the command itself may be long or hold a heredoc. */
const EXACT_HEX = 12;

/** The input as typed: a shell command's text, else the input as JSON. */
const inputText = (input: unknown): string => {
  const command = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)['command'] : undefined;
  return typeof command === 'string' ? command : JSON.stringify(input ?? null);
};

/**
 * Where a call stands in its turn, as its pattern's runs so far tell: not run yet (`first`), its
 * latest run worked (`worked`), it failed and nothing changed the files since (`retry`: an
 * unchanged retry), or it failed and files changed since or the call changes them (`changed`).
 * The same pattern fails at very different rates in each (a script's first run, its rerun after a fix).
 */
export type CallSituation = 'first' | 'worked' | 'retry' | 'changed';

/** The keys a call is counted under, from the coarsest to the finest: program, pattern, exact command, pattern in its situation. */
export interface OutcomeKeys {
  readonly program: string;
  readonly pattern: string;
  readonly exact: string;
  readonly situation: string;
  /**
   * For the first run of a script written whole in this turn: its program's new scripts of this
   * size class (`size`, `n:<class>:<tool> <program>`) and of any size (`any`, `n:*:...`); else null.
   * A new script's first run fails more often the longer it is, whatever its name.
   */
  readonly fresh: { readonly size: string; readonly any: string } | null;
}

/** A new script's size class: the octave of its length in lines (1, 2-3, 4-7, ... 64-127): scripts within a factor of two in length fail alike. */
const sizeClass = (lines: number): number => Math.floor(Math.log2(Math.max(1, lines)));

/**
 * The keys of a call: the tool and program (`p:Bash python`), the pattern (`c:Bash python -m
 * pytest`), the exact input, white space folded and hashed (`x:...`), and the pattern in its
 * situation in the turn (`s:first:Bash python x.py`), and for a new script's first run its size
 * class (`fresh`). A call naming nothing
 * to key on (`pattern` '') is counted in the project's total only.
 */
export const outcomeKeys = (call: CallPattern, input: unknown, situation: CallSituation, freshLines: number | null = null): OutcomeKeys | null => {
  if (call.pattern === '') return null;
  const exact = createHash('sha256').update(`${call.tool}\u0000${inputText(input).replace(/\s+/g, ' ').trim()}`).digest('hex').slice(0, EXACT_HEX);
  const program = `${call.tool} ${call.program}`;
  const fresh = situation === 'first' && freshLines !== null ? { size: `n:${sizeClass(freshLines)}:${program}`, any: `n:*:${program}` } : null;
  return { program: `p:${program}`, pattern: `c:${call.tool} ${call.pattern}`, exact: `x:${exact}`, situation: `s:${situation}:${call.tool} ${call.pattern}`, fresh };
};

/** Every key a call's run is counted under, the project's total first. */
export const runKeys = (keys: OutcomeKeys | null): readonly string[] =>
  keys === null ? [ALL_CALLS_KEY] : [ALL_CALLS_KEY, keys.program, keys.pattern, keys.exact, keys.situation, ...(keys.fresh === null ? [] : [keys.fresh.size, keys.fresh.any])];

const ZERO: OutcomeCounts = Object.freeze({ runs: 0, fails: 0, line: '', at: '' });

/** A key's record in the table, zero when it has none. */
export const countsOf = (table: OutcomeTable, key: string): OutcomeCounts => table.get(key) ?? ZERO;

/** Two records of one key added up (the stored one and a turn's), the later line and time winning. */
export const addCounts = (a: OutcomeCounts, b: OutcomeCounts): OutcomeCounts => ({
  runs: a.runs + b.runs,
  fails: a.fails + b.fails,
  line: b.line !== '' && b.at >= a.at ? b.line : a.line !== '' ? a.line : b.line,
  at: a.at > b.at ? a.at : b.at,
});

/** The table bounded to `max` keys, the least recently run dropped first (the project's totals always kept). */
const bounded = (table: Map<string, OutcomeCounts>, max: number): Map<string, OutcomeCounts> => {
  if (table.size <= max) return table;
  const keep = [...table.entries()].sort((a, b) => (a[0] === ALL_CALLS_KEY ? -1 : b[0] === ALL_CALLS_KEY ? 1 : compareCodeUnits(b[1].at, a[1].at)));
  return new Map(keep.slice(0, Math.max(0, max)));
};

/** One run counted under `keys` (a new table; the input is left as it was). */
export const countRun = (table: OutcomeTable, keys: readonly string[], ok: boolean, line: string, at: string, max: number = MAX_OUTCOME_KEYS): OutcomeTable => {
  const next = new Map(table);
  const run: OutcomeCounts = { runs: 1, fails: ok ? 0 : 1, line: ok ? '' : line, at };
  for (const key of keys) next.set(key, addCounts(countsOf(next, key), run));
  return bounded(next, max);
};

/** A turn's record merged into the stored one (a new table), bounded to `max` keys. */
export const mergeOutcomes = (stored: OutcomeTable, turn: OutcomeTable, max: number = MAX_OUTCOME_KEYS): OutcomeTable => {
  const next = new Map(stored);
  for (const [key, c] of turn) next.set(key, addCounts(countsOf(next, key), c));
  return bounded(next, max);
};
