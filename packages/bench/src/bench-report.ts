import os from 'node:os';

export interface BenchOptions {
  /** Scale factor for quick runs (1 = the full suite as specified). */
  readonly scale: number;
  /** Reports progress; silent unless stderr is a TTY and --json is not set. */
  readonly progress: (message: string) => void;
  /** The `engram` launcher (bin/engram.js) the `cli` suite starts; the other suites ignore it. */
  readonly cliBin?: string;
  /** The `engram` command (apps/cli/bin/engram, which npm links), timed by the `cli` suite beside the launcher. */
  readonly cliCommand?: string;
  /**
   * Loads `@engram/runtime` for the suites that measure it (`instincts`): the CLI passes it, since
   * packages under the runtime may not import it.
   */
  readonly runtime?: () => Promise<unknown>;
  /** The data set a suite reads (`engram bench SUITE PATH`), e.g. LoCoMo conversations for `recall`. */
  readonly path?: string;
  /** The surfaces `recall` measures (`--surface`): one name, a comma-separated list, or `all`. */
  readonly surface?: string;
  /** At most this many items of the data set (sessions, questions) for a quick run; all when absent. */
  readonly limit?: number;
  /** `trajectories`: replay only the sessions of odd or even `order` (`--sessions`), to tune on one half and report the other. */
  readonly sessions?: string;
}

export interface BenchResult {
  readonly name: string;
  readonly n: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly [extra: string]: unknown;
}

/** One JSON object per run, the shape DESIGN.md fixes, so runs compare side by side. */
export interface BenchReport {
  readonly suite: string;
  readonly machine: { readonly node: string; readonly platform: string; readonly arch: string; readonly cpus: number; readonly cpuModel: string; readonly memoryGiB: number };
  readonly results: readonly BenchResult[];
  /** Optional verdicts against the targets, computed from the results. */
  readonly targets?: Readonly<Record<string, number | boolean>>;
}

export const machineInfo = (): BenchReport['machine'] => ({
  node: process.version,
  platform: process.platform,
  arch: process.arch,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
});

/** Times `fn` over `n` items and returns a result row. */
export const measure = async (name: string, n: number, fn: () => unknown, extra: Record<string, unknown> = {}): Promise<BenchResult> => {
  const t0 = process.hrtime.bigint();
  await fn();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { name, n, seconds: round(seconds, 4), perSecond: Math.round(n / seconds), ...extra };
};

export const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;

/** The value at quantile `p` (0..1) of ascending `sorted` timings (nearest rank, clamped). */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
