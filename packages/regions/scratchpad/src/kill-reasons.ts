import { DEFAULT_PAD_MEMORY_MB } from './parse-pad-memory-mb.js';

/**
 * The words a killed cell's reason uses. The ACC's kill-loop detector (anton.md §2.5 #6) reads
 * them, lower-cased, in this order: `auto-install` -> ambiguous; `liveness` or `inactivity` ->
 * liveness (the worker hung: retry unchanged); empty or `without producing any output` ->
 * ambiguous; anything else -> heavy (the cell did too much: make it smaller). A cell counts as
 * killed at all when its error starts with `Cancelled`, `Cell timed out` or `Cell killed`.
 * So the liveness reason says `liveness`, the heavy ones never say `liveness`, `inactivity`,
 * `auto-install` or `without producing any output`; tests pin all of this.
 */

/** `memory`: the cell went over the pad's memory cap (`ENGRAM_PAD_MEMORY_MB`). */
export type KillCause = 'inactivity' | 'timeout' | 'cancelled' | 'external' | 'memory';

/** `0.4s`, `2.5s`, `20s`, `60s`: short and stable (whole seconds from 10s up). */
export const formatSeconds = (ms: number): string => {
  const s = Math.max(0, ms) / 1000;
  if (s >= 10) return `${Math.round(s)}s`;
  const rounded = Math.round(s * 10) / 10;
  return `${rounded}s`;
};

/** The cell printed nothing and used no CPU for the inactivity window: the worker hung. Classified as liveness. */
export const livenessKillReason = (inactivityMs: number): string =>
  `Cell killed: no output for ${formatSeconds(inactivityMs)} (liveness check failed; the worker hung)`;

/** The cell was still printing or computing at the wall-clock limit. Classified as heavy. */
export const timeoutKillReason = (timeoutMs: number): string => `Cell timed out after ${formatSeconds(timeoutMs)} while still running (too heavy for one cell)`;

/** Someone asked to stop the cell. Classified as heavy, as in Anton. */
export const cancelledReason = (elapsedMs: number): string => `Cancelled by request after ${formatSeconds(elapsedMs)}`;

/** The child was SIGKILLed by someone else (the kernel's out-of-memory killer, usually). Classified as heavy. */
export const externalKillReason = (signal: string): string => `Cell killed by ${signal} from outside the pad (likely out of memory; too heavy for one cell)`;

/** The cell went over the pad's memory cap (cgroup `memory.max` or the data rlimit). Classified as heavy: the cell must do less at once. */
export const memoryKillReason = (memoryMb: number): string =>
  `Cell killed: over the pad's memory limit of ${memoryMb} MB (ENGRAM_PAD_MEMORY_MB; too heavy for one cell)`;

/** Added to a killed cell's error so the model knows what the kill cost. */
export const STATE_LOST_NOTICE =
  "The pad's process was killed: the next cell starts a fresh process, so variables and imports from earlier cells are gone.";

/** Added to the first cell that runs after a kill or crash. */
export const FRESH_PROCESS_NOTICE = 'This cell ran in a fresh process: the previous one was lost, so variables and imports from earlier cells are gone.';

/** The reason for a kill of the given cause. */
export const killReason = (cause: KillCause, ms: number, signal = 'SIGKILL', memoryMb = DEFAULT_PAD_MEMORY_MB): string => {
  switch (cause) {
    case 'inactivity':
      return livenessKillReason(ms);
    case 'timeout':
      return timeoutKillReason(ms);
    case 'cancelled':
      return cancelledReason(ms);
    case 'external':
      return externalKillReason(signal);
    case 'memory':
      return memoryKillReason(memoryMb);
  }
};
