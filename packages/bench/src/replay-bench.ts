import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { draft, type AnyEnvelope } from '@engram/events';
import { compareDerived, foldSession, recordSession, type RecordedInput, replayParamsFor, replayLogFile, syntheticEffects, syntheticTurn } from '@engram/replay';
import { machineInfo, measure, round, type BenchOptions, type BenchReport, type BenchResult } from './bench-report.js';

/** Events in the synthetic log at scale 1: a big log (about 100 MB), far beyond any real session. */
const EVENTS = 300_000;
/** Issue 7: replay must fold at least this many events per second with every core. */
const TARGET_EVENTS_PER_SECOND = 300_000;
/** The fastest of this many runs is kept: on a shared machine, noise only ever adds time. */
const REPEATS = 3;
const SESSION = '20261122_031500_repl';
/** Lines written per write call when the log is synthesised. */
const WRITE_BATCH = 4096;

function* sessionInputs(minEvents: number): Generator<RecordedInput> {
  yield { draft: draft('executive.session.started', { project: '/work/p', home: '/home/u/.engram', modes: { memory: 'autopilot', acc: 'active' } }), turn: 0, round: 0 };
  // about 60 events a turn once the cores and effects have added theirs
  for (let turn = 1; turn * 45 < minEvents; turn++) yield* syntheticTurn(turn);
}

const writeLog = (file: string, events: readonly AnyEnvelope[]): void => {
  const fd = openSync(file, 'w');
  try {
    for (let i = 0; i < events.length; i += WRITE_BATCH) writeSync(fd, `${events.slice(i, i + WRITE_BATCH).map((e) => JSON.stringify(e)).join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
};

const best = async (name: string, n: number, fn: () => void): Promise<BenchResult> => {
  let row: BenchResult | undefined;
  for (let r = 0; r < REPEATS; r++) {
    const run = await measure(name, n, fn);
    if (row === undefined || run.seconds < row.seconds) row = run;
  }
  if (row === undefined) throw new Error('replay bench: no run measured');
  return { ...row, repeats: REPEATS };
};

/**
 * Synthesises the log into `file` and measures the fold and the check in memory. The events are
 * dropped on return, so the end-to-end run below has the heap `engram replay` would have, not a
 * few hundred megabytes of the bench's own live objects for the garbage collector to trace.
 */
const inMemory = async (file: string, opts: BenchOptions): Promise<{ n: number; fold: BenchResult; check: BenchResult }> => {
  opts.progress('replay: synthesising the log');
  const events = recordSession(sessionInputs(Math.max(1000, Math.round(EVENTS * opts.scale))), replayParamsFor([]), { sessionId: SESSION, effects: syntheticEffects() });
  writeLog(file, events);
  const n = events.length;
  const params = replayParamsFor(events);
  let derived = 0;
  let divergences = 0;
  opts.progress('replay: fold');
  const fold = await best('fold brainCores and the replay checks (in memory)', n, () => {
    derived = foldSession(events, params).length;
  });
  opts.progress('replay: fold + compare');
  const check = await best('fold + compare with the recording (in memory)', n, () => {
    divergences = compareDerived(events, foldSession(events, params)).length;
  });
  if (divergences !== 0) throw new Error(`replay bench: the synthetic log diverges (${divergences}): the recorder and the replay disagree`);
  return { n, fold: { ...fold, derivedEvents: derived }, check: { ...check, divergences } };
};

/**
 * `engram bench replay`: a big synthetic session (realistic turns recorded through the live-wired
 * cores and stand-in effects, so it passes --check) is written to a temp dir, then measured as
 * (1) the fold of acc + cerebellum + cortex in memory, (2) fold + comparison with the recording,
 * (3) what `engram replay --check` does end to end (`replayLogFile`, the function it calls): read,
 * parse and validate every line, fold every core as it is read, compare. Target: at least 300k
 * events/s with every core folded.
 */
export const replayBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-replay-'));
  const file = join(dir, `${SESSION}.jsonl`);
  try {
    const { n, fold, check } = await inMemory(file, opts);
    opts.progress('replay: end to end');
    let endDivergences = 0;
    const endToEnd = await best('replay --check end to end (read + validate + fold + compare)', n, () => {
      const r = replayLogFile(file, { check: true });
      if (!r.ok) throw new Error(`replay bench: cannot read the log: ${String(r.error)}`);
      if (r.problems.length > 0 || r.replay.events !== n) throw new Error(`replay bench: read ${r.replay.events} of ${n} events with ${r.problems.length} problems`);
      endDivergences = r.replay.divergences?.length ?? -1;
    });
    if (endDivergences !== 0) throw new Error(`replay bench: the synthetic log diverges end to end (${endDivergences}): the recorder and the replay disagree`);
    const megabytes = round(statSync(file).size / 2 ** 20, 1);
    return {
      suite: 'replay',
      machine: machineInfo(),
      results: [
        fold,
        check,
        { ...endToEnd, megabytes, megabytesPerSecond: round(megabytes / endToEnd.seconds, 1), divergences: endDivergences },
      ],
      targets: {
        foldEventsPerSecond: fold.perSecond,
        endToEndEventsPerSecond: endToEnd.perSecond,
        meetsFoldTarget: fold.perSecond >= TARGET_EVENTS_PER_SECOND,
        meetsEndToEndTarget: endToEnd.perSecond >= TARGET_EVENTS_PER_SECOND,
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
