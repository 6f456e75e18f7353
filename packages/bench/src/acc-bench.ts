import { accCore, createAccTurn, defaultAccCoreParams, evaluateNudges, observationFromEnvelope, runDetector, ACC_DETECTORS, accProfiles, type Observation } from '@engram/acc';
import type { AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import { machineInfo, measure, round, type BenchOptions, type BenchReport, type BenchResult } from './bench-report.js';

/** The turn lengths the issue fixes: per-event cost must stay flat from 1,000 to 100,000. */
const TURN_LENGTHS = [100, 1_000, 10_000, 100_000] as const;
/** Nudges are evaluated after every round of this many events (a busy agent round). */
const EVENTS_PER_ROUND = 5;
/** Events measured per turn length at scale 1, spread over as many turns as that takes. */
const EVENTS_PER_SIZE = 2_000_000;
/** Each size is timed this many times and the fastest run kept: on a shared machine, noise only ever adds time. */
const REPEATS = 3;
/** The Anton-style rescan is quadratic; it is measured only up to this turn length. */
const RESCAN_MAX_LENGTH = 1_000;
/** Targets from issue 5. */
const TARGET_EVENTS_PER_SECOND = 1_000_000;
const TARGET_COST_RATIO = 1.5;

/**
 * A realistic mix: tool calls and results, cells on three pads (one big now and then), failures
 * whose texts vary in numbers and paths (so signatures are computed and collide), and rare
 * kills, resets and repairs. Every detector sees traffic and most fire early in a long turn.
 */
const accEventAt = (i: number): AnyEnvelope => {
  const pad = ['main', 'charts', 'export'][i % 3] ?? 'main';
  const failed = i % 7 === 3;
  switch (i % 10) {
    case 0:
    case 5:
      return buildEvent('executive.tool.called', { name: i % 4 === 0 ? 'fetch' : 'scratchpad' });
    case 1:
    case 6:
      return buildEvent('scratchpad.cell.requested', { pad, codeLength: i % 97 === 0 ? 6000 : 200 + (i % 300) });
    case 2:
    case 7:
      return buildEvent('scratchpad.cell.executed', { pad, ok: !failed, error: failed ? `FileNotFoundError: '/data/part-${i % 50}.csv' at line ${i % 400}` : '' });
    case 3:
    case 8:
      return buildEvent('executive.tool.resulted', { name: i % 4 === 3 ? 'fetch' : 'scratchpad', ok: !failed, error: failed ? `{"ok": false, "message": "Quota ${i % 900} exceeded"}` : '' });
    default:
      if (i % 199 === 9) return buildEvent('scratchpad.cell.killed', { pad, reason: i % 2 === 0 ? 'Cell timed out after 30s' : 'liveness check failed' });
      if (i % 293 === 4) return buildEvent('scratchpad.pad.reset', { pad });
      if (i % 311 === 9) return buildEvent('executive.history.repaired');
      return buildEvent('executive.tool.called', { name: 'fetch' });
  }
};

/** One turn: started, `length` ACC events with a completed round after every 5, completed. */
const buildTurn = (length: number): AnyEnvelope[] => {
  const events: AnyEnvelope[] = [buildEvent('executive.turn.started')];
  for (let i = 0; i < length; i++) {
    events.push(accEventAt(i));
    if ((i + 1) % EVENTS_PER_ROUND === 0 || i === length - 1) events.push(buildEvent('executive.round.completed', { round: Math.floor(i / EVENTS_PER_ROUND) + 1 }));
  }
  events.push(buildEvent('executive.turn.completed'));
  return events;
};

/** Folds the core over the turn `turns` times, as the bus would deliver it; returns what it published. */
const foldTurns = (events: readonly AnyEnvelope[], turns: number): { nudges: number; lessons: number } => {
  let state = accCore.initialState(defaultAccCoreParams);
  let nudges = 0;
  let lessons = 0;
  for (let t = 0; t < turns; t++) {
    for (const e of events) {
      state = accCore.evolve(state, e);
      for (const d of accCore.react(state, e, defaultAccCoreParams)) {
        if (d.type === 'acc.nudge.emitted') nudges++;
        else lessons++;
      }
    }
  }
  return { nudges, lessons };
};

/** Anton's way, for comparison: every round, re-run each detector not yet nudged over the whole buffer. */
const rescanTurns = (observations: readonly Observation[], turns: number): number => {
  let nudges = 0;
  for (let t = 0; t < turns; t++) {
    const nudged = new Set<string>();
    for (let end = EVENTS_PER_ROUND; end <= observations.length; end += EVENTS_PER_ROUND) {
      const buffer = observations.slice(0, end);
      for (const d of ACC_DETECTORS) {
        if (nudged.has(d.id)) continue;
        if (runDetector(d, buffer, accProfiles.anton) !== null) {
          nudged.add(d.id);
          nudges++;
        }
      }
    }
  }
  return nudges;
};

/**
 * `engram bench acc`: the per-event cost of the ACC core (mapping, nine incremental detectors,
 * a nudge evaluation after every round of 5 events, the end-of-turn drain) at turn lengths of
 * 100 to 100,000 events. Targets: at least 1M events/s, and the per-event cost at 100,000 at
 * most 1.5 times the cost at 1,000. Each size keeps the fastest of 3 runs. Rows `anton-rescan-*` measure Anton's full re-scan per round
 * on the same traffic, to show what incremental evaluation saves.
 */
export const accBench = async (opts: BenchOptions): Promise<BenchReport> => {
  const results: BenchResult[] = [];
  const perEventNs = new Map<number, number>();
  // warm the JIT on every code path before measuring
  foldTurns(buildTurn(1_000), 50);
  createAccTurn(accProfiles.anton);
  evaluateNudges(createAccTurn(accProfiles.anton));

  for (const length of TURN_LENGTHS) {
    const turns = Math.max(1, Math.round((EVENTS_PER_SIZE * opts.scale) / length));
    const events = buildTurn(length);
    opts.progress(`acc: ${turns} turn(s) of ${length} events`);
    let out = { nudges: 0, lessons: 0 };
    let row: BenchResult | undefined;
    for (let r = 0; r < REPEATS; r++) {
      const run = await measure(`acc-turn-${length}`, turns * length, () => {
        out = foldTurns(events, turns);
      });
      if (row === undefined || run.seconds < row.seconds) row = run;
    }
    if (row === undefined) throw new Error('acc bench: no run measured');
    const ns = (row.seconds * 1e9) / row.n;
    perEventNs.set(length, ns);
    results.push({ ...row, repeats: REPEATS, turnLength: length, turns, eventsPerRound: EVENTS_PER_ROUND, nsPerEvent: round(ns, 1), nudgesPerTurn: out.nudges / turns, lessonsPerTurn: out.lessons / turns });
  }

  for (const length of TURN_LENGTHS.filter((l) => l <= RESCAN_MAX_LENGTH)) {
    const observations = buildTurn(length).flatMap((e) => observationFromEnvelope(e) ?? []);
    const turns = Math.max(1, Math.round((20_000 * opts.scale) / length));
    opts.progress(`acc: Anton-style rescan, ${turns} turn(s) of ${length} events`);
    const row = await measure(`anton-rescan-${length}`, turns * length, () => rescanTurns(observations, turns));
    results.push({ ...row, turnLength: length, turns, eventsPerRound: EVENTS_PER_ROUND, nsPerEvent: round((row.seconds * 1e9) / row.n, 1) });
  }

  const at1k = perEventNs.get(1_000) ?? Number.NaN;
  const at100k = perEventNs.get(100_000) ?? Number.NaN;
  const slowest = Math.min(...results.filter((r) => r.name.startsWith('acc-turn-')).map((r) => r.perSecond));
  const ratio = at100k / at1k;
  return {
    suite: 'acc',
    machine: machineInfo(),
    results,
    targets: {
      minEventsPerSecond: slowest,
      costRatio100kTo1k: round(ratio, 3),
      meetsThroughput: slowest >= TARGET_EVENTS_PER_SECOND,
      meetsFlatCost: ratio <= TARGET_COST_RATIO,
    },
  };
};
