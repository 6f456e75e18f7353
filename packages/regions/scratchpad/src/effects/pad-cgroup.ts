import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAD_MAX_PROCESSES } from '../with-data-limit.js';

/**
 * A cgroup v2 group per pad, where this process may create one: every process a cell starts
 * lands in it however it detaches (`setsid`, double fork, a stripped environment), so
 * `cgroup.kill` ends them all at once; with the memory controller, `memory.max` caps the pad's
 * total memory and the kernel's OOM killer enforces it. Unavailable (and `undefined`
 * everywhere) when there is no cgroup2 mount or this process may not create groups in its own
 * (an unprivileged user outside a delegated systemd scope, most containers); the process-tree
 * sweep and the data rlimit then do the job.
 */
export interface PadCgroup {
  readonly dir: string;
  /** `memory.max` is set: the kernel enforces the cap on the whole group. */
  readonly memoryLimited: boolean;
  /** Moves a process into the group; false when the kernel refused. */
  add(pid: number): boolean;
  /** SIGKILLs every process in the group (`cgroup.kill`, or each listed pid on kernels before 5.14). */
  kill(): void;
  /** How many times the OOM killer fired in the group so far (`memory.events` `oom_kill`). */
  oomKills(): number;
  /** Removes the (empty) group; retries a little while killed processes finish exiting. */
  remove(): Promise<void>;
  /** One attempt, for the exit hook. */
  removeNow(): void;
}

/** Where this process's own cgroup v2 group is mounted, or why there is none to use. */
interface CgroupBase {
  readonly dir?: string;
  readonly memory: boolean;
  readonly problem?: string;
}

let base: CgroupBase | undefined;

const PREFIX = 'engram-pad-';
/** Retries of rmdir after a kill: processes leave the group as they finish dying, within milliseconds. */
const REMOVE_TRIES = 40;
const REMOVE_WAIT_MS = 25;

/** The cgroup2 mount point and this process's path in it, from /proc/self/mountinfo and /proc/self/cgroup. */
const ownCgroupDir = (): string | undefined => {
  const path = readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('0::'))
    ?.slice(3);
  if (path === undefined) return undefined;
  for (const line of readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const [left, right] = line.split(' - ');
    if (right?.split(' ')[0] !== 'cgroup2') continue;
    const fields = left?.split(' ') ?? [];
    const root = fields[3];
    const mountPoint = fields[4];
    if (root === undefined || mountPoint === undefined || !path.startsWith(root)) continue;
    return join(mountPoint, path.slice(root.length));
  }
  return undefined;
};

/** Probes once per process: creates and removes a test group. */
export const cgroupBase = (): CgroupBase => {
  if (base !== undefined) return base;
  if (process.platform !== 'linux') return (base = { memory: false, problem: 'not Linux' });
  try {
    const dir = ownCgroupDir();
    if (dir === undefined) return (base = { memory: false, problem: 'no cgroup2 mount holds this process' });
    const probe = join(dir, `${PREFIX}probe-${process.pid}`);
    mkdirSync(probe);
    let memory = false;
    try {
      memory = readFileSync(join(probe, 'cgroup.controllers'), 'utf8').split(/\s+/).includes('memory') && existsSync(join(probe, 'memory.max'));
    } finally {
      rmdirSync(probe);
    }
    return (base = { dir, memory });
  } catch (error) {
    return (base = { memory: false, problem: `cannot create a cgroup here (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
  }
};

const tryWrite = (file: string, value: string): boolean => {
  try {
    writeFileSync(file, value);
    return true;
  } catch {
    return false;
  }
};

/** A new group for one pad (named by its marker), with `memoryBytes` as `memory.max` when the controller is there. */
export const createPadCgroup = (name: string, memoryBytes: number): PadCgroup | undefined => {
  const { dir: parent, memory } = cgroupBase();
  if (parent === undefined) return undefined;
  const dir = join(parent, `${PREFIX}${name}`);
  try {
    mkdirSync(dir);
  } catch {
    return undefined;
  }
  // The whole pad is one unit: an OOM kills the group, swap does not stretch the cap.
  const memoryLimited = memory && tryWrite(join(dir, 'memory.max'), String(memoryBytes));
  if (memoryLimited) {
    tryWrite(join(dir, 'memory.swap.max'), '0');
    tryWrite(join(dir, 'memory.oom.group'), '1');
  }
  // A fork bomb stops at the group's bound, root included (RLIMIT_NPROC does not bind root);
  // silently absent where the pids controller is not enabled for the group.
  tryWrite(join(dir, 'pids.max'), String(PAD_MAX_PROCESSES));
  const procs = (): number[] => {
    try {
      return readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const removeNow = (): boolean => {
    try {
      rmdirSync(dir);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT';
    }
  };
  return {
    dir,
    memoryLimited,
    add: (pid) => tryWrite(join(dir, 'cgroup.procs'), String(pid)),
    kill() {
      if (tryWrite(join(dir, 'cgroup.kill'), '1')) return;
      for (const pid of procs()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    },
    oomKills() {
      try {
        const line = readFileSync(join(dir, 'memory.events'), 'utf8').split('\n').find((l) => l.startsWith('oom_kill '));
        return line === undefined ? 0 : Number(line.slice('oom_kill '.length)) || 0;
      } catch {
        return 0;
      }
    },
    async remove() {
      for (let i = 0; i < REMOVE_TRIES && !removeNow(); i++) await new Promise((r) => setTimeout(r, REMOVE_WAIT_MS));
    },
    removeNow() {
      removeNow();
    },
  };
};
