import { ACC_DETECTORS, type DetectorId } from '@engram/acc';
import type { SkipReason, SkippedTurn } from './base-turn.js';
import type { BaseLogs, BaseLogSummary } from './read-base-logs.js';
import type { SimTurn } from './sim-turn.js';

/** At most this many skipped turns and bad lines are listed in the report (all are counted): a corrupt log must not bury the figures. */
export const BASE_LISTED = 20;

/** What the report says about the real logs the turns were built on (`engram sim --base`). */
export interface BaseReport {
  readonly logs: readonly BaseLogSummary[];
  /** The `--base-rate`: chance a simulated turn is built on a recorded one. */
  readonly rate: number;
  /** Recorded turns usable as a base. */
  readonly turns: number;
  /** Simulated turns built on a recorded one (the rest were synthesised). */
  readonly builtOnBase: number;
  readonly skipped: { readonly total: number; readonly byReason: Readonly<Record<SkipReason, number>>; readonly first: readonly SkippedTurn[] };
  /**
   * Per detector: recorded turns it already fires on under `anton`, and the simulated turns left
   * unscored for it because of that (the rule is in docs/sim.md).
   */
  readonly firesUnderAnton: readonly { readonly detector: DetectorId; readonly baseTurns: number; readonly unscoredTurns: number }[];
  /** Unreadable lines (`file:line: field: problem`), the first `BASE_LISTED`; `badLines` counts them all. */
  readonly problems: readonly string[];
  readonly badLines: number;
}

export const baseReport = (logs: BaseLogs, rate: number, turns: readonly SimTurn[]): BaseReport => ({
  logs: logs.logs,
  rate,
  turns: logs.turns.length,
  builtOnBase: turns.filter((t) => t.base !== undefined).length,
  skipped: {
    total: logs.skipped.length,
    byReason: { unfinished: logs.skipped.filter((s) => s.reason === 'unfinished').length, damaged: logs.skipped.filter((s) => s.reason === 'damaged').length },
    first: logs.skipped.slice(0, BASE_LISTED),
  },
  firesUnderAnton: ACC_DETECTORS.map((d) => ({
    detector: d.id,
    baseTurns: logs.turns.filter((b) => b.firesUnderAnton.has(d.id)).length,
    unscoredTurns: turns.filter((t) => t.unscored?.has(d.id) === true).length,
  })).filter((x) => x.baseTurns > 0),
  problems: logs.problems.slice(0, BASE_LISTED),
  badLines: logs.logs.reduce((n, l) => n + l.badLines, 0),
});
