import { buildSimReport } from './build-sim-report.js';
import { BASE_LISTED } from './base-report.js';
import { parseMix } from './parse-mix.js';
import { parseSweeps } from './parse-sweep.js';
import { readBaseLogs, type BaseLogs } from './read-base-logs.js';
import { SimUsageError } from './sim-usage-error.js';
import type { SimReport } from './sim-report.js';

/** Every simulated turn is built on a recorded one unless `baseRate` says otherwise. */
const DEFAULT_BASE_RATE = 1;

export interface SimulateOptions {
  readonly turns: number;
  readonly seed: number;
  /** `DETECTOR.FIELD=VALUES` sweeps; a detector swept here replaces its default grid. */
  readonly sweep?: readonly string[];
  /** `FIELD=VALUE` overlays on the default scenario mix. */
  readonly mix?: readonly string[];
  /** Chance the efficacy model's agent follows a rule it was shown. */
  readonly p?: number;
  /** Real event logs whose turns the scenarios are injected into. */
  readonly base?: readonly string[];
  /** Chance a simulated turn is built on a recorded one (default 1); needs `base`. */
  readonly baseRate?: number;
  readonly progress?: (message: string) => void;
  /** Told about each unreadable base-log line (`file:line: ...`, the first few, then a count). */
  readonly warn?: (message: string) => void;
}

const readBase = (files: readonly string[], o: SimulateOptions): BaseLogs => {
  const logs = readBaseLogs(files, o.progress);
  const warn = o.warn ?? (() => undefined);
  for (const p of logs.problems.slice(0, BASE_LISTED)) warn(`--base ${p} (line skipped)`);
  if (logs.problems.length > BASE_LISTED) warn(`--base: ${logs.problems.length - BASE_LISTED} more unreadable lines`);
  if (logs.turns.length === 0)
    throw new SimUsageError({
      reason: 'empty-base',
      message: `--base: no usable turn in ${files.join(', ')} (${logs.skipped.length} skipped: ${logs.skipped.map((t) => `${t.file}:${t.line} turn ${t.turn} ${t.reason}`).slice(0, BASE_LISTED).join('; ') || 'none recorded'})`,
    });
  return logs;
};

/**
 * The simulation from its textual options (as `engram sim` takes them): parses the sweeps and
 * the mix, reads the base logs, and builds the report. Same options, same report. Throws
 * `SimUsageError` for options that cannot be run.
 */
export const simulate = (o: SimulateOptions): SimReport => {
  const plan = parseSweeps(o.sweep ?? []);
  const mix = parseMix(o.mix ?? []);
  if (o.baseRate !== undefined && (o.base ?? []).length === 0) throw new SimUsageError({ reason: 'rate-without-base', message: '--base-rate needs --base LOG...: it is the share of turns built on those logs' });
  const base = o.base !== undefined && o.base.length > 0 ? { logs: readBase(o.base, o), rate: o.baseRate ?? DEFAULT_BASE_RATE } : undefined;
  return buildSimReport({ turns: o.turns, seed: o.seed, plan, mix, ...(o.progress === undefined ? {} : { progress: o.progress }), ...(o.p === undefined ? {} : { p: o.p }), ...(base === undefined ? {} : { base }) });
};
