import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { PAD_FENCE_SOURCE } from './pad-fence-source.js';

/** Whether pads start inside the Landlock fence here, and how. */
export interface PadFence {
  /** The launcher to put before the runtime's command (`python3 -I -S -c PAD_FENCE_SOURCE`), when the fence works here. */
  readonly prefix?: readonly string[];
  /** What the probe said: `ok: Landlock ABI 7`, or why there is no fence. */
  readonly status: string;
}

/** The probe starts Python once: a second is plenty, and a host must not hang on a broken interpreter. */
const PROBE_TIMEOUT_MS = 5000;

let probed: PadFence | undefined;

/** The first executable called `name` on `path`, like a shell would find it. */
export const findOnPath = (name: string, path: string | undefined): string | undefined => {
  const candidates = name.includes('/') ? [name] : (path ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, name));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
};

/**
 * Probes once per process whether `python3` (on the pads' PATH) can raise the Landlock fence
 * (`PAD_FENCE_SOURCE --probe`), and returns the launcher prefix if so.
 */
export const padFence = (path: string | undefined): PadFence => {
  if (probed !== undefined) return probed;
  if (process.platform !== 'linux') return (probed = { status: 'not Linux (no Landlock)' });
  const python = findOnPath('python3', path);
  if (python === undefined) return (probed = { status: 'python3 is not on the pads\' PATH (it raises the fence)' });
  const args = ['-I', '-S', '-c', PAD_FENCE_SOURCE];
  const r = spawnSync(python, [...args, '--probe'], { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS, env: { PATH: path ?? '' } });
  const [status = '', executable = ''] = (r.stdout ?? '').trim().split('\n');
  if (!status.startsWith('ok') || !executable.startsWith('/')) {
    return (probed = { status: status || `the probe failed (${r.error?.message ?? (r.stderr.trim() || `exit ${r.status}`)})` });
  }
  return (probed = { prefix: [executable, ...args], status });
};
