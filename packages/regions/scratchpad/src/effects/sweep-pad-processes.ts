import { readdirSync, readFileSync } from 'node:fs';
import { parseProcStat } from '../parse-proc-stat.js';
import { PAD_MARKER_ENV, selectPadProcesses, type PadRoot, type ProcEntry } from '../select-pad-processes.js';

/**
 * Rounds of scan-and-kill: a process can fork between a scan and the kill, so the sweep scans
 * again until a round finds nothing; bounded so a fork bomb cannot hold the host forever (the
 * cgroup kill, where available, is the one that cannot be outrun).
 */
const SWEEP_ROUNDS = 8;

const readProcs = (marker: string): ProcEntry[] | undefined => {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const needle = `${PAD_MARKER_ENV}=${marker}`;
  const procs: ProcEntry[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = parseProcStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
    } catch {
      continue; // ended while we looked
    }
    if (stat === undefined) continue;
    let hasMarker = false;
    if (stat.state !== 'Z') {
      try {
        hasMarker = readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(needle);
      } catch {
        // another user's process (unreadable) cannot carry our marker usefully; or it ended
      }
    }
    procs.push({ stat, hasMarker });
  }
  return procs;
};

/** This process and its ancestors: never swept, whatever they carry. */
const selfAndAncestors = (procs: readonly ProcEntry[]): Set<number> => {
  const byPid = new Map(procs.map((p) => [p.stat.pid, p.stat.ppid]));
  const out = new Set<number>();
  for (let at: number | undefined = process.pid; at !== undefined && at > 0 && !out.has(at); at = byPid.get(at)) out.add(at);
  return out;
};

/**
 * SIGKILLs every process of a pad (see `selectPadProcesses`), synchronously so the host's exit
 * hook can use it. Linux `/proc` only; elsewhere it does nothing and the process-group kill is
 * all there is. Returns how many processes it signalled.
 */
export const sweepPadProcesses = (marker: string, root?: PadRoot): number => {
  let killed = 0;
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    const procs = readProcs(marker);
    if (procs === undefined) return killed;
    const targets = selectPadProcesses(procs, root, selfAndAncestors(procs));
    if (targets.length === 0) return killed;
    for (const pid of targets) {
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch {
        /* already gone */
      }
    }
  }
  return killed;
};

/** The start time of a live process (see `ProcStat.startTime`), to name it unambiguously later. */
export const processStartTime = (pid: number): number | undefined => {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.startTime;
  } catch {
    return undefined;
  }
};
