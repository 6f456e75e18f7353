import { writeFileSync } from 'node:fs';
import { formatSim, isReservedProfile, renderSimHtml, saveProfile, simulate, SimUsageError, type SimReport } from '@engram/sim';
import { exitCodeOf } from '../exit/exit-code-of.js';

export interface RunSimOptions {
  readonly turns: number;
  readonly seed: number;
  readonly sweep: readonly string[];
  readonly mix?: readonly string[];
  readonly p?: number;
  readonly json: boolean;
  /** `[NAME, FILE]` to write the recommended settings as a named profile. */
  readonly saveProfile?: readonly string[];
  readonly html?: string;
  readonly base?: readonly string[];
  readonly baseRate?: number;
}

export interface SimIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly progress: (message: string) => void;
  /** Clears the progress line before the report is printed. */
  readonly progressDone: () => void;
}

/** Writes one output file; false (after saying so) when it cannot. */
const write = (io: SimIo, what: string, run: () => void): boolean => {
  try {
    run();
    return true;
  } catch (err) {
    io.err(`engram sim: cannot write ${what}: ${err instanceof Error ? err.message : String(err)}\n`);
    return false;
  }
};

/** `engram sim`: returns the exit code (0 ok, 1 the profile or page could not be written, 2 usage error). */
export const runSim = (o: RunSimOptions, io: SimIo): number => {
  const save = o.saveProfile;
  const [name, file] = save ?? [];
  if (save !== undefined && (save.length !== 2 || name === undefined || file === undefined)) {
    io.err(`engram sim: --save-profile takes two values, NAME FILE; got ${save.length}\n`);
    return 2;
  }
  if (name !== undefined && isReservedProfile(name)) {
    io.err(`engram sim: --save-profile ${name}: the built-in profile "${name}" cannot be overwritten; choose another name\n`);
    return 2;
  }
  let report: SimReport;
  try {
    const { sweep, mix, p, base, baseRate } = o;
    report = simulate({ turns: o.turns, seed: o.seed, sweep, ...(mix === undefined ? {} : { mix }), ...(p === undefined ? {} : { p }), ...(base === undefined ? {} : { base }), ...(baseRate === undefined ? {} : { baseRate }), progress: io.progress, warn: (m) => (io.progressDone(), io.err(`engram sim: ${m}\n`)) });
  } catch (err) {
    if (!(err instanceof SimUsageError)) throw err;
    io.progressDone();
    io.err(`engram sim: ${err.message}\n`);
    return exitCodeOf(err);
  }
  if (name !== undefined && file !== undefined && !write(io, `profile ${file}`, () => saveProfile(name, file, report))) return 1;
  const html = o.html;
  if (html !== undefined && !write(io, `the HTML report ${html}`, () => writeFileSync(html, renderSimHtml(report), { mode: 0o600 }))) return 1;
  io.progressDone();
  io.out(o.json ? `${JSON.stringify(report)}\n` : formatSim(report));
  return 0;
};
