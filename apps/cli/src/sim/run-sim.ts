import { writeFileSync } from 'node:fs';
import { renderSimHtml } from './render-sim-html.js';
import { buildSimReport } from './build-sim-report.js';
import { formatSim } from './format-sim.js';
import { MixError, parseMix } from './parse-mix.js';
import { parseSweeps, SweepError } from './parse-sweep.js';
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
}

export interface SimIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly progress: (message: string) => void;
  /** Clears the progress line before the report is printed. */
  readonly progressDone: () => void;
}

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
  const report = buildSimReport({ turns: o.turns, seed: o.seed, plan, mix, progress: io.progress, ...(o.p === undefined ? {} : { p: o.p }) });
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
