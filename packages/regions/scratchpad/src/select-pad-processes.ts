import type { ProcStat } from './parse-proc-stat.js';

/** The environment variable every pad process carries; whatever a cell starts inherits it, `setsid` or not. */
export const PAD_MARKER_ENV = 'ENGRAM_PAD_ID';

/** One live process as the sweep sees it. */
export interface ProcEntry {
  readonly stat: ProcStat;
  /** Its environment (from `/proc/<pid>/environ`, as started) holds this pad's marker. */
  readonly hasMarker: boolean;
}

/** The pad's own process: its pid, and its start time so a reused pid is never taken for it. */
export interface PadRoot {
  readonly pid: number;
  readonly startTime?: number;
}

/**
 * Which processes belong to a pad and must die with it: the pad's process, its process group
 * and session, every process carrying the pad's marker variable (found however it detached),
 * and every descendant of any of those. Zombies are skipped (already dead) and so is
 * everything in `exclude` (the host itself and its ancestors), whatever it matches.
 */
export const selectPadProcesses = (procs: readonly ProcEntry[], root: PadRoot | undefined, exclude: ReadonlySet<number>): number[] => {
  const live = procs.filter((p) => p.stat.state !== 'Z' && !exclude.has(p.stat.pid));
  const rootEntry = root === undefined ? undefined : live.find((p) => p.stat.pid === root.pid);
  const rootValid = rootEntry !== undefined && (root?.startTime === undefined || rootEntry.stat.startTime === root.startTime);
  const chosen = new Set<number>();
  for (const p of live) {
    const inRootTree = rootValid && (p.stat.pid === root?.pid || p.stat.pgrp === root?.pid || p.stat.session === root?.pid);
    if (inRootTree || p.hasMarker) chosen.add(p.stat.pid);
  }
  // Descendants by parent pid, to a fixed point (a process can only be listed once, so this ends).
  let grew = chosen.size > 0;
  while (grew) {
    grew = false;
    for (const p of live) {
      if (!chosen.has(p.stat.pid) && chosen.has(p.stat.ppid)) {
        chosen.add(p.stat.pid);
        grew = true;
      }
    }
  }
  return [...chosen].sort((a, b) => a - b);
};
