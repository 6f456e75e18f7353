import { readdirSync, readFileSync } from 'node:fs';
import { parseProcStat } from '../parse-proc-stat.js';

/**
 * CPU ticks used so far by every process in a process group (Linux `/proc`), or `undefined`
 * where `/proc` is not available. The liveness check uses it to tell a silent cell that is
 * computing (heavy: let it run to the wall-clock limit) from one that is waiting on nothing
 * (hung: kill it early). The whole group counts, so a pad waiting on a busy subprocess is busy.
 */
export const processGroupCpuTicks = (pgid: number): number | undefined => {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  let total = 0;
  let found = false;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let line: string;
    try {
      line = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process ended while we looked
    }
    const stat = parseProcStat(line);
    if (stat?.pgrp !== pgid) continue;
    found = true;
    total += stat.cpuTicks;
  }
  return found ? total : undefined;
};

/** Linux reports CPU in USER_HZ ticks, which is 100 per second on every mainstream architecture. */
export const MS_PER_CPU_TICK = 10;
