import { accCore, defaultAccCoreParams, type AccCoreState } from '@engram/acc';
import { generateTurn, generateTurns, createPrng, DEFAULT_MIX, runSweep, type SimTurn } from '@engram/sim';
import { machineInfo, measure, round, type BenchOptions, type BenchReport, type BenchResult } from './bench-report.js';

/** Turns per measured run at scale 1. */
const TURNS = 50_000;
/** Turns for the sweep row: a full default sweep is about 40 settings over every turn. */
const SWEEP_TURNS = 10_000;
/** Each row keeps the fastest of this many runs: on a shared machine, noise only ever adds time. */
const REPEATS = 3;
/** Target from issue 7, item 8. */
const TARGET_TURNS_PER_SECOND = 10_000;
const SEED = 7;

/** Folds the ACC core (all nine detectors, a nudge check after every round, the drain at the end) over one turn; returns what it published. */
const foldTurn = (state: AccCoreState, t: SimTurn): number => {
  let published = 0;
  for (const e of t.events) {
    accCore.evolve(state, e);
    published += accCore.react(state, e, defaultAccCoreParams).length;
  }
  return published;
};

const foldAll = (turns: readonly SimTurn[]): number => {
  const state = accCore.initialState(defaultAccCoreParams);
  return turns.reduce((n, t) => n + foldTurn(state, t), 0);
};

/** The simulation as it runs at scale: each turn generated, folded and dropped, so memory stays flat. */
const generateAndFold = (n: number): number => {
  const rng = createPrng(SEED);
  const state = accCore.initialState(defaultAccCoreParams);
  let published = 0;
  for (let t = 1; t <= n; t++) published += foldTurn(state, generateTurn(t, rng, DEFAULT_MIX));
  return published;
};

const fastest = async (name: string, n: number, fn: () => unknown): Promise<BenchResult> => {
  let best: BenchResult | undefined;
  for (let r = 0; r < REPEATS; r++) {
    const run = await measure(name, n, fn);
    if (best === undefined || run.seconds < best.seconds) best = run;
  }
  if (best === undefined) throw new Error('sim bench: no run measured');
  return { ...best, repeats: REPEATS };
};

/**
 * `engram bench sim`: simulated turns per second. Rows: generating labelled turns; folding the
 * ACC core with all detectors over them; both together (the target, at least 10,000
 * turns/s); and the default sweep (every detector over its grid), in turn-settings per second.
 */
export const simBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const n = Math.max(100, Math.round(TURNS * opts.scale));
  // warm the JIT on every path before measuring
  foldAll(generateTurns(2_000, SEED));
  generateAndFold(2_000);
  runSweep(generateTurns(500, SEED), new Map());

  // first, while the heap is small: the streaming run is what `engram sim` does at scale
  opts.progress(`sim: generate + fold, ${n} turns`);
  const both = await fastest('generate+fold', n, () => generateAndFold(n));

  opts.progress(`sim: generating ${n} turns`);
  let turns: SimTurn[] = [];
  const generate = await fastest('generate', n, () => {
    turns = generateTurns(n, SEED);
  });
  const events = turns.reduce((a, t) => a + t.events.length, 0);
  opts.progress(`sim: folding the ACC over ${n} turns`);
  let published = 0;
  const fold = await fastest('fold-acc-all-detectors', n, () => {
    published = foldAll(turns);
  });
  turns = [];

  const sweepN = Math.max(100, Math.round(SWEEP_TURNS * opts.scale));
  const sweepTurns = generateTurns(sweepN, SEED);
  let settings = 0;
  opts.progress(`sim: default sweep over ${sweepN} turns`);
  const sweepRow = await fastest('default-sweep', sweepN, () => {
    settings = runSweep(sweepTurns, new Map()).reduce((a, d) => a + d.sweep.length + 1, 0);
  });

  const results: BenchResult[] = [
    both,
    { ...generate, eventsPerTurn: round(events / n, 1) },
    { ...fold, eventsPerSecond: Math.round((events / fold.seconds) | 0), publishedPerTurn: round(published / n, 3) },
    { ...sweepRow, settings, turnSettingsPerSecond: Math.round((sweepN * settings) / sweepRow.seconds) },
  ];
  return { suite: 'sim', machine: machineInfo(), results, targets: { turnsPerSecond: both.perSecond, meetsTurnsPerSecond: both.perSecond >= TARGET_TURNS_PER_SECOND } };
};
