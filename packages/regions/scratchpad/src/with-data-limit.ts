/**
 * Wraps a runtime's command so it starts with its data segment capped (RLIMIT_DATA, soft and
 * hard, so a cell cannot raise it back): `sh -c 'ulimit -d KB && exec "$0" "$@"' command args...`.
 * The shell execs the runtime, so the pad's process keeps the shell's pid and no extra process
 * stays around.
 *
 * RLIMIT_DATA, not RLIMIT_AS: since Linux 4.7 the data limit counts the private writable
 * memory a process maps, which is what a cell's data takes; the address-space limit also
 * counts reservations that use no memory, and V8 reserves more than 512 MB of address space at
 * start (Node refuses to start under `RLIMIT_AS` of 512 MB, "Failed to reserve virtual memory
 * for CodeRange"). The limit is per process: a cell's subprocesses each get their own.
 *
 * The same shell also caps how many processes the user may have (RLIMIT_NPROC, soft and hard) at
 * PAD_MAX_PROCESSES, so a fork bomb in a cell stops with EAGAIN instead of taking every pid of
 * the machine. The limit counts all of the user's processes, hence a generous figure; it only
 * lowers a higher limit (a lower one stays), and the kernel exempts root, for whom the pad's
 * cgroup `pids.max` is the bound (where the pids controller is enabled). dash names the limit
 * `-p`, bash and most others `-u`.
 */
export const withDataLimit = (command: string, args: readonly string[], limitBytes: number): { command: string; args: string[] } => {
  const kb = Math.max(1, Math.floor(limitBytes / 1024));
  const nproc = `{ ulimit -u ${PAD_MAX_PROCESSES} || ulimit -p ${PAD_MAX_PROCESSES}; } 2>/dev/null`;
  return { command: '/bin/sh', args: ['-c', `ulimit -d ${kb} && ${nproc}; exec "$0" "$@"`, command, ...args] };
};

/** Processes a user may have while a pad runs: a busy desktop has a few hundred, a fork bomb tens of thousands. */
export const PAD_MAX_PROCESSES = 4096;
