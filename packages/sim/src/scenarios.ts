import type { DetectorId } from '@engram/acc';
import { AMBIGUOUS_REASONS, distinct, HEAVY_REASONS, LIVENESS_REASONS, randomError, sharedError, twoDifferentErrors } from './error-texts.js';
import type { Prng } from './prng.js';
import type { TurnBuilder } from './turn-builder.js';

/** The pad a well-behaved turn works in. */
export const MAIN_PAD = 'main';
/** Other pads a sprawling turn opens. */
const OTHER_PADS = ['analysis', 'scratch2', 'charts', 'tmp', 'export'] as const;
/** Non-scratchpad tools, for retries and shared errors. */
export const TOOLS = ['sql', 'fetch', 'read_file', 'search', 'write_file'] as const;

/**
 * Where a scenario is injected: the pad the turn works in, the names a sprawling turn moves to,
 * and the tools it calls. Synthetic turns use the stock names below; a turn built on a real log
 * uses that turn's own pad and tools (`baseSite`), so the injected mistake reads as its own.
 * Every list must be at least as long as the stock one: scenarios draw distinct entries from it.
 */
export interface ScenarioSite {
  readonly pad: string;
  readonly otherPads: readonly string[];
  /** Tools for patterns spread over several tools (one error from many tools). */
  readonly tools: readonly string[];
  /** Tools a blind retry picks from (a real turn's own non-scratchpad tools, when it has any). */
  readonly retryTools: readonly string[];
}

/** The stock site of synthetic turns. */
const SYNTHETIC_SITE: ScenarioSite = Object.freeze({ pad: MAIN_PAD, otherPads: OTHER_PADS, tools: TOOLS, retryTools: TOOLS });
/** Code lengths of a big cell: well past Anton's 5 KB, where payloads get dropped. */
const BIG_CELL = [6_000, 20_000] as const;

/**
 * One thing that can happen in a turn: a mistake pattern (labelled with the detector that should
 * catch it) or a near miss (labelled with nothing: a detector firing on it is a false positive).
 * `inject` emits its events into the current round of the builder, at `site` (stock names when
 * omitted), and returns any further labels its draw earned (a blind retry of three identical
 * failures is also one error repeated). The site changes names only, never the random draws.
 */
export interface Scenario {
  readonly name: string;
  readonly label: DetectorId | null;
  inject(b: TurnBuilder, rng: Prng, site?: ScenarioSite): readonly DetectorId[] | undefined;
}

/** Identical failures from which a blind retry is also "the same error again and again" (the signature detector's pattern). */
const SAME_ERROR_REPEATS = 3;

const bigCell = (rng: Prng): number => rng.int(BIG_CELL[0], BIG_CELL[1]);

export const FAULTS: readonly Scenario[] = [
  {
    name: 'name-sprawl',
    label: 'acc.name-switch',
    inject: (b, rng, site = SYNTHETIC_SITE) => {
      // the turn's pad, then 1-3 more the model never confirmed: state rebuilt in isolated pads
      b.cell(site.pad, rng.int(200, 2_000), true);
      for (const pad of distinct(rng, site.otherPads, rng.int(1, 3))) b.cell(pad, rng.int(200, 2_000), true);
    },
  },
  {
    name: 'oversized-payloads',
    label: 'acc.oversized-cell',
    inject: (b, rng, site = SYNTHETIC_SITE) => {
      if (rng.chance(0.5)) b.emit('scratchpad.cell.rejected', { pad: site.pad, reason: 'empty-code' });
      else for (let i = rng.int(2, 3); i > 0; i--) b.cell(site.pad, bigCell(rng), true);
    },
  },
  {
    name: 'blind-retry',
    label: 'acc.repeated-tool-error',
    inject: (b, rng, site = SYNTHETIC_SITE) => {
      const tool = rng.pick(site.retryTools);
      const error = `${tool}: ${randomError(rng)}`;
      const attempts = rng.int(2, 3);
      for (let i = attempts; i > 0; i--) b.tool(tool, false, error);
      return attempts >= SAME_ERROR_REPEATS ? ['acc.repeated-error-signature'] : undefined;
    },
  },
  {
    name: 'one-error-many-tools',
    label: 'acc.repeated-error-signature',
    inject: (b, rng, site = SYNTHETIC_SITE) => {
      const error = sharedError(rng);
      distinct(rng, site.tools, rng.int(3, 4)).forEach((tool, i) => b.tool(tool, false, error(i)));
    },
  },
  {
    name: 'reset-churn',
    label: 'acc.reset-churn',
    inject: (b, rng, site = SYNTHETIC_SITE) => {
      for (let i = rng.int(2, 3); i > 0; i--) b.cell(site.pad, rng.int(200, 1_500), false, randomError(rng)).emit('scratchpad.pad.reset', { pad: site.pad, reason: 'manual' });
    },
  },
  {
    name: 'hung-cells',
    label: 'acc.kill-loop',
    inject: (b, rng, site = SYNTHETIC_SITE) => {
      for (const reason of distinct(rng, LIVENESS_REASONS, rng.int(2, 3))) b.killedCell(site.pad, reason);
    },
  },
  {
    name: 'heavy-cells',
    label: 'acc.kill-loop',
    inject: (b, rng, site = SYNTHETIC_SITE) => {
      for (const reason of distinct(rng, HEAVY_REASONS, rng.int(2, 3))) b.killedCell(site.pad, reason);
    },
  },
  {
    name: 'worsening-target',
    label: 'acc.severity-climb',
    inject: (b, rng, site = SYNTHETIC_SITE) => {
      // call (1) -> failure (5) -> its worker killed (6) on one pad: a strictly rising run reaching failure level.
      b.emit('scratchpad.cell.requested', { pad: site.pad, codeLength: rng.int(300, 2_000) });
      b.emit('scratchpad.cell.executed', { pad: site.pad, ok: false, error: randomError(rng) });
      b.emit('scratchpad.cell.killed', { pad: site.pad, reason: rng.pick(HEAVY_REASONS) });
      return undefined;
    },
  },
  {
    name: 'repair-churn',
    label: 'acc.repair-churn',
    inject: (b, rng) => {
      for (let i = rng.int(3, 4); i > 0; i--) b.emit('executive.history.repaired', { reason: 'interrupted by error', sealedCount: rng.int(1, 3) });
    },
  },
];

/** The round cap is special: it shapes the whole turn, so the generator handles it (see `generateTurn`). */
export const CAP_FAULT = { name: 'round-cap', label: 'acc.cap-exhausted' } as const satisfies Pick<Scenario, 'name' | 'label'>;

export const NEAR_MISSES: readonly Scenario[] = [
  { name: 'one-big-cell', label: null, inject: (b, rng, site = SYNTHETIC_SITE) => void b.cell(site.pad, bigCell(rng), true) },
  {
    name: 'two-different-errors',
    label: null,
    inject: (b, rng, site = SYNTHETIC_SITE) => {
      const [first, second] = twoDifferentErrors(rng);
      b.cell(site.pad, rng.int(200, 1_500), false, first).cell(site.pad, rng.int(200, 1_500), false, second).cell(site.pad, rng.int(200, 1_500), true);
    },
  },
  { name: 'single-kill', label: null, inject: (b, rng, site = SYNTHETIC_SITE) => void b.killedCell(site.pad, rng.pick([...LIVENESS_REASONS, ...HEAVY_REASONS, ...AMBIGUOUS_REASONS])) },
  {
    name: 'confirmed-second-pad',
    label: null,
    // work in the main pad first, then a second pad the model explicitly confirmed
    inject: (b, rng, site = SYNTHETIC_SITE) => void b.cell(site.pad, rng.int(200, 2_000), true).cell(rng.pick(site.otherPads), rng.int(200, 2_000), true, '', true),
  },
  { name: 'single-reset', label: null, inject: (b, rng, site = SYNTHETIC_SITE) => void b.cell(site.pad, 500, false, randomError(rng)).emit('scratchpad.pad.reset', { pad: site.pad, reason: 'manual' }) },
  {
    name: 'transient-repairs',
    label: null,
    inject: (b, rng) => {
      for (let i = rng.int(1, 2); i > 0; i--) b.emit('executive.history.repaired', { reason: 'interrupted by error', sealedCount: 1 });
    },
  },
];
