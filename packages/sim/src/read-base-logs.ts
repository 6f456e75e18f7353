import { formatProblem, readLogFile } from '@engram/store';
import type { BaseTurn, SkippedTurn } from './base-turn.js';
import { splitBaseTurns, type LoggedEvent } from './split-base-turns.js';
import { SimUsageError } from './sim-usage-error.js';

/** What one `--base` log gave. */
export interface BaseLogSummary {
  readonly file: string;
  /** Turns usable as a base. */
  readonly turns: number;
  readonly skipped: number;
  /** Lines that could not be read (reported and skipped). */
  readonly badLines: number;
}

export interface BaseLogs {
  readonly logs: readonly BaseLogSummary[];
  readonly turns: readonly BaseTurn[];
  readonly skipped: readonly SkippedTurn[];
  /** Every unreadable line, as `file:line: field: problem`. */
  readonly problems: readonly string[];
}

/**
 * Reads the `--base` event logs (engram JSONL, as `engram run` and `engram demo` write them) into
 * base turns, in the order given. A bad line is reported (file:line) and skipped, and the turn
 * around it is set aside; a file that cannot be opened throws `SimUsageError` (`unreadable-base`).
 */
export const readBaseLogs = (files: readonly string[], progress: (message: string) => void = () => undefined): BaseLogs => {
  const logs: BaseLogSummary[] = [];
  const turns: BaseTurn[] = [];
  const skipped: SkippedTurn[] = [];
  const problems: string[] = [];
  for (const file of files) {
    progress(`sim: reading base log ${file}`);
    const logged: LoggedEvent[] = [];
    let read;
    try {
      read = readLogFile(file, { onEvent: (event, line) => void logged.push({ event, line }) });
    } catch (err) {
      throw new SimUsageError({ reason: 'unreadable-base', message: `--base ${file}: cannot read it: ${err instanceof Error ? err.message : String(err)}` });
    }
    const badLines = [...new Set(read.problems.map((p) => p.line))].sort((a, b) => a - b);
    for (const p of read.problems) problems.push(formatProblem(p));
    const split = splitBaseTurns(file, logged, badLines);
    turns.push(...split.turns);
    skipped.push(...split.skipped);
    logs.push({ file, turns: split.turns.length, skipped: split.skipped.length, badLines: badLines.length });
  }
  return { logs, turns, skipped, problems };
};
