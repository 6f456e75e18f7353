/**
 * Reads the fields the liveness check needs from a Linux `/proc/<pid>/stat` line. The command
 * name is in parentheses and may itself contain spaces and parentheses, so fields are counted
 * from the last `)`.
 */
export interface ProcStat {
  readonly pid: number;
  /** Process group id: a pad's child leads its own group, and everything it starts joins it. */
  readonly pgrp: number;
  /** utime + stime + cutime + cstime, in clock ticks: CPU used by the process and its reaped children. */
  readonly cpuTicks: number;
}

export const parseProcStat = (line: string): ProcStat | undefined => {
  const close = line.lastIndexOf(')');
  if (close < 0) return undefined;
  const pid = Number.parseInt(line, 10);
  // After ") ": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
  const fields = line.slice(close + 2).split(' ');
  const pgrp = Number(fields[2]);
  const ticks = [11, 12, 13, 14].map((i) => Number(fields[i]));
  if (!Number.isInteger(pid) || !Number.isInteger(pgrp) || ticks.some((t) => !Number.isFinite(t))) return undefined;
  return { pid, pgrp, cpuTicks: ticks.reduce((a, b) => a + b, 0) };
};
