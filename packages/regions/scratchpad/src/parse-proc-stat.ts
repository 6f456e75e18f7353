/**
 * Reads the fields the liveness check and the process sweep need from a Linux
 * `/proc/<pid>/stat` line. The command name is in parentheses and may itself contain spaces
 * and parentheses, so fields are counted from the last `)`.
 */
export interface ProcStat {
  readonly pid: number;
  /** One letter: `R`, `S`, `D`, `Z` (zombie: exited, waiting to be reaped) ... */
  readonly state: string;
  readonly ppid: number;
  /** Process group id: a pad's child leads its own group, and everything it starts joins it. */
  readonly pgrp: number;
  /** Session id: a pad's child leads its own session too; `setsid` leaves it. */
  readonly session: number;
  /** utime + stime + cutime + cstime, in clock ticks: CPU used by the process and its reaped children. */
  readonly cpuTicks: number;
  /** When the process started, in clock ticks after boot: with the pid, it names one process even after the pid is reused. */
  readonly startTime: number;
}

export const parseProcStat = (line: string): ProcStat | undefined => {
  const close = line.lastIndexOf(')');
  if (close < 0) return undefined;
  const pid = Number.parseInt(line, 10);
  // After ") ": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime priority nice num_threads itrealvalue starttime ...
  const fields = line.slice(close + 2).split(' ');
  const [ppid, pgrp, session, startTime] = [1, 2, 3, 19].map((i) => Number(fields[i]));
  const ticks = [11, 12, 13, 14].map((i) => Number(fields[i]));
  const state = fields[0] ?? '';
  if (!Number.isInteger(pid) || state === '' || ticks.some((t) => !Number.isFinite(t))) return undefined;
  if (![ppid, pgrp, session, startTime].every((n) => Number.isInteger(n))) return undefined;
  return { pid, state, ppid: ppid ?? 0, pgrp: pgrp ?? 0, session: session ?? 0, cpuTicks: ticks.reduce((a, b) => a + b, 0), startTime: startTime ?? 0 };
};
