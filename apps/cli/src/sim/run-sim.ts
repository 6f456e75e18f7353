import { writeFileSync } from 'node:fs';
import { renderSimHtml } from './render-sim-html.js';
import { buildSimReport } from './build-sim-report.js';
import { formatSim } from './format-sim.js';
import { MixError, parseMix } from './parse-mix.js';
import { parseSweeps, SweepError } from './parse-sweep.js';
import { BASE_LISTED } from './base-report.js';
import { BaseLogError, readBaseLogs, type BaseLogs } from './read-base-logs.js';
import { isReservedProfile, saveProfile } from './save-profile.js';

export interface RunSimOptions {
  readonly turns: number;
  readonly seed: number;
  readonly sweep: readonly string[];
  /** `FIELD=VALUE` overlays on the default scenario mix. */
  readonly mix?: readonly string[];
  /** Chance the efficacy model's agent follows a rule it was shown. */
  readonly p?: number;
  readonly json: boolean;
  /** `[NAME, FILE]` to write the recommended settings as a named profile. */
  readonly saveProfile?: readonly string[];
  /** Also write the report as a self-contained HTML page with charts. */
  readonly html?: string;
  /** Real event logs whose turns the scenarios are injected into (`--base`). */
  readonly base?: readonly string[];
  /** Chance a simulated turn is built on a recorded one (`--base-rate`, default 1). */
  readonly baseRate?: number;
}

/** Every simulated turn is built on a recorded one unless `--base-rate` says otherwise. */
const DEFAULT_BASE_RATE = 1;

export interface SimIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly progress: (message: string) => void;
  /** Clears the progress line before the report is printed. */
  readonly progressDone: () => void;
}

/**
 * Reads the `--base` logs, reporting every unreadable line on stderr as `file:line` (the first
 * `BASE_LISTED`, then a count); null, after saying why, when a log cannot be opened or no turn is usable.
 */
const readBase = (files: readonly string[], io: SimIo): BaseLogs | null => {
  let logs: BaseLogs;
  try {
    logs = readBaseLogs(files, io.progress);
  } catch (err) {
    if (!(err instanceof BaseLogError)) throw err;
    io.err(`engram sim: ${err.message}\n`);
    return null;
  }
  io.progressDone();
  for (const p of logs.problems.slice(0, BASE_LISTED)) io.err(`engram sim: --base ${p} (line skipped)\n`);
  if (logs.problems.length > BASE_LISTED) io.err(`engram sim: --base: ${logs.problems.length - BASE_LISTED} more unreadable lines\n`);
  if (logs.turns.length === 0) {
    io.err(`engram sim: --base: no usable turn in ${files.join(', ')} (${logs.skipped.length} skipped: ${logs.skipped.map((t) => `${t.file}:${t.line} turn ${t.turn} ${t.reason}`).slice(0, BASE_LISTED).join('; ') || 'none recorded'})\n`);
    return null;
  }
  return logs;
};

/** `engram sim`: returns the exit code (0 ok, 1 the profile could not be written, 2 usage error). */
export const runSim = (o: RunSimOptions, io: SimIo): number => {
  let plan;
  let mix;
  try {
    plan = parseSweeps(o.sweep);
    mix = parseMix(o.mix ?? []);
  } catch (err) {
    if (err instanceof SweepError || err instanceof MixError) {
      io.err(`engram sim: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const save = o.saveProfile;
  if (save !== undefined) {
    const [name, file] = save;
    if (save.length !== 2 || name === undefined || file === undefined) {
      io.err(`engram sim: --save-profile takes two values, NAME FILE; got ${save.length}\n`);
      return 2;
    }
    if (isReservedProfile(name)) {
      io.err(`engram sim: --save-profile ${name}: the built-in profile "${name}" cannot be overwritten; choose another name\n`);
      return 2;
    }
  }
  if (o.baseRate !== undefined && (o.base ?? []).length === 0) {
    io.err('engram sim: --base-rate needs --base LOG...: it is the share of turns built on those logs\n');
    return 2;
  }
  let base: { logs: BaseLogs; rate: number } | undefined;
  if (o.base !== undefined && o.base.length > 0) {
    const read = readBase(o.base, io);
    if (read === null) return 2;
    base = { logs: read, rate: o.baseRate ?? DEFAULT_BASE_RATE };
  }
  const report = buildSimReport({ turns: o.turns, seed: o.seed, plan, mix, progress: io.progress, ...(o.p === undefined ? {} : { p: o.p }), ...(base === undefined ? {} : { base }) });
  if (save !== undefined) {
    const [name = '', file = ''] = save;
    try {
      saveProfile(name, file, report);
    } catch (err) {
      io.err(`engram sim: cannot write profile ${file}: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  }
  if (o.html !== undefined) {
    try {
      writeFileSync(o.html, renderSimHtml(report), { mode: 0o600 });
    } catch (err) {
      io.err(`engram sim: cannot write the HTML report ${o.html}: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  }
  io.progressDone();
  io.out(o.json ? `${JSON.stringify(report)}\n` : formatSim(report));
  return 0;
};
