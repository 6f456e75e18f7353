import type { CommandSpec } from './command-spec.js';
import { collect, numberOption, opt } from './shared-options.js';

interface SimCommandOptions {
  turns: number;
  seed: number;
  sweep: string[];
  mix: string[];
  p?: number;
  json: boolean;
  saveProfile?: string[];
  html?: string;
  base?: string[];
  baseRate?: number;
}

/** Turns simulated by default: enough that each pattern shows up about a hundred times in the default mix. */
const DEFAULT_TURNS = 2_000;
/** A cap on --turns, so a typo cannot make the run take hours (about 1.5 GB of events at this size). */
const MAX_TURNS = 1_000_000;
/** Seeds are 32-bit: the generator's state is one unsigned 32-bit word. */
const seedOf = numberOption({ kind: 'integer', min: 0, max: 0xffffffff });
const chance = numberOption({ kind: 'decimal', min: 0, max: 1 });

/**
 * `engram sim [--turns N] [--seed S] [--sweep DETECTOR.FIELD=VALUES]... [--mix FIELD=VALUE]... [--p P] [--json] [--save-profile NAME FILE] [--base LOG... [--base-rate R]]`:
 * generates labelled synthetic turns, sweeps detector params, reports precision/recall/F1 per
 * detector and the learning efficacy. The implementation loads only when the command runs.
 */
export const simCommand: CommandSpec = {
  name: 'sim',
  description: 'Simulate labelled turns, sweep ACC detector params, and report precision/recall/F1 per detector (recommended vs the anton profile) and learning efficacy.',
  options: [
    opt('--turns <n>', `turns to simulate (default ${DEFAULT_TURNS})`, numberOption({ kind: 'integer', min: 1, max: MAX_TURNS }), DEFAULT_TURNS),
    opt('--seed <s>', 'seed of the scenario generator (same seed, same report)', seedOf, 1),
    opt('--sweep <spec>', "DETECTOR.FIELD=VALUES, e.g. acc.repeated-tool-error.minRun=2..4 or acc.name-switch.honourConfirmedNewPad=true,false (repeatable; replaces that detector's default grid)", collect, []),
    opt('--mix <field=value>', 'change the scenario mix: minRounds, maxRounds, minActions, maxActions, noise, faultRate, secondFaultRate, nearMissRate, capShare, roundCap (repeatable)', collect, []),
    opt('--p <chance>', 'learning efficacy: chance the agent follows a rule it was shown (default 0.8)', chance),
    opt('--json', 'print one JSON object { detectors, efficacy }', undefined, false),
    opt('--save-profile <name-and-file...>', 'write the recommended settings as a named profile: NAME FILE'),
    opt('--html <file>', 'also write the report as a self-contained HTML page with charts (precision-recall per detector, firing rates, learning efficacy)'),
    opt('--base <logs...>', 'engram event logs (as engram run / engram demo write them) whose recorded turns the scenarios are injected into (repeatable)'),
    opt('--base-rate <chance>', 'with --base: chance a simulated turn is built on a recorded one, the rest synthesised (default 1)', chance),
  ],
  run: async (opts: SimCommandOptions) => {
    const [{ runSim }, { progress }] = await Promise.all([import('../sim/run-sim.js'), import('../output/progress.js')]);
    const bar = progress(!opts.json && process.stderr.isTTY === true);
    const { p, saveProfile, html, base, baseRate } = opts;
    return runSim(
      { turns: opts.turns, seed: opts.seed, sweep: opts.sweep, mix: opts.mix, json: opts.json, ...(p === undefined ? {} : { p }), ...(saveProfile === undefined ? {} : { saveProfile }), ...(html === undefined ? {} : { html }), ...(base === undefined ? {} : { base }), ...(baseRate === undefined ? {} : { baseRate }) },
      { out: (t) => void process.stdout.write(t), err: (t) => void process.stderr.write(t), progress: (m) => bar.update(m), progressDone: () => bar.done() },
    );
  },
};
