import { ALL_CALLS_KEY, type OutcomeTable } from './outcome-table.js';
import { compareCodeUnits } from '@engram/kernel';

/** The prefix of a pattern's key in the record (`outcomeKeys`): `c:<tool> <pattern>`. */
const PATTERN_PREFIX = 'c:';

/** Failing patterns listed: the few a person acts on; the rest is in the file. */
const CALL_RECORD_TOP = 5;

/** One call pattern's line in the summary. */
interface CallRecordPattern {
  /** `Bash python -m pytest`: the tool and the pattern. */
  readonly pattern: string;
  readonly runs: number;
  readonly fails: number;
  /** The error line of its latest failure. */
  readonly line: string;
}

/** What `engram memory stats` says about a project's record of calls (issue 24). */
export interface CallRecordSummary {
  /** Call patterns the record holds. */
  readonly patterns: number;
  /** Calls and failures of the project, all patterns together. */
  readonly calls: number;
  readonly fails: number;
  /** The patterns that failed most (then ran most), at most `top`; none that never failed. */
  readonly top: readonly CallRecordPattern[];
}

/**
 * A project's record of calls, summed up for a person: how many call patterns it holds, the
 * project's calls and failures, and the patterns that failed most with their latest error line.
 * Only the pattern keys are listed (the program, exact and situation keys count the same runs again).
 */
export const callRecordSummary = (table: OutcomeTable, top: number = CALL_RECORD_TOP): CallRecordSummary => {
  const patterns: CallRecordPattern[] = [];
  for (const [key, c] of table) if (key.startsWith(PATTERN_PREFIX)) patterns.push({ pattern: key.slice(PATTERN_PREFIX.length), runs: c.runs, fails: c.fails, line: c.line });
  const all = table.get(ALL_CALLS_KEY);
  const failing = patterns.filter((p) => p.fails > 0).sort((a, b) => b.fails - a.fails || b.runs - a.runs || compareCodeUnits(a.pattern, b.pattern));
  return { patterns: patterns.length, calls: all?.runs ?? 0, fails: all?.fails ?? 0, top: failing.slice(0, Math.max(0, top)) };
};
