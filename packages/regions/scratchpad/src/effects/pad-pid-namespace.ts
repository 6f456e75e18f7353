import { spawnSync } from 'node:child_process';
import { findOnPath } from './pad-fence.js';

/** Whether pads start in their own PID namespace here, and how. */
export interface PadPidNamespace {
  /** The launcher to put before the pad's command (`unshare --pid --fork --mount-proc ...`), when it works here. */
  readonly prefix?: readonly string[];
  /** What the probe said: `ok: own PID namespace and /proc`, or why pads see the machine's processes. */
  readonly status: string;
}

/** The probe runs `unshare ... true` once: it takes milliseconds, and a host must not hang on a broken one. */
const PROBE_TIMEOUT_MS = 5000;

let probed: PadPidNamespace | undefined;

/**
 * Probes once per process whether util-linux `unshare` (on the pads' PATH) may give a pad its own
 * PID namespace with its own /proc, so a cell sees only its own processes and cannot read
 * `/proc/<pid>/environ` of engram's parents (a wrapper or a shell holding an API key). As root
 * the namespace needs no user namespace; otherwise an unprivileged user namespace maps the user
 * to itself. `--kill-child`: when the launcher dies, the pad's first process and so the whole
 * namespace die with it.
 */
export const padPidNamespace = (path: string | undefined): PadPidNamespace => {
  if (probed !== undefined) return probed;
  if (process.platform !== 'linux') return (probed = { status: 'not Linux (no PID namespaces)' });
  const unshare = findOnPath('unshare', path) ?? findOnPath('unshare', '/usr/bin:/bin');
  if (unshare === undefined) return (probed = { status: 'util-linux unshare is not installed' });
  const user = process.getuid?.() === 0 ? [] : ['--user', '--map-current-user'];
  const flags = [...user, '--pid', '--fork', '--mount-proc', '--kill-child'];
  const r = spawnSync(unshare, [...flags, 'true'], { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS, env: { PATH: path ?? '' } });
  if (r.status !== 0) return (probed = { status: `the system refuses a PID namespace (${r.error?.message ?? (r.stderr.trim().split('\n')[0] || `exit ${r.status}`)})` });
  // A shell is the namespace's first process and runs the pad as its child: the first process of a
  // namespace ignores signals it has no handler for, even SIGKILL sent from inside, and a cell
  // that kills its own runtime must see it die. `; exit $?` keeps the shell from exec-ing it.
  return (probed = { prefix: [unshare, ...flags, '/bin/sh', '-c', '"$@"; exit $?', 'pad-init'], status: `ok: own PID namespace and /proc${user.length > 0 ? ' (in a user namespace)' : ''}` });
};
