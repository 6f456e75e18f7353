import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { planEnvironScrub } from '../plan-environ-scrub.js';
import { isSecretEnvEntry } from '../scrub-child-env.js';

/** What scrubbing this process's `/proc/self/environ` achieved. */
export interface EnvironScrub {
  /** Variables whose values were blanked from the block (they stay in `process.env`). */
  readonly blanked: readonly string[];
  /** Set when the block could not be scrubbed (not Linux, `/proc/self/mem` not writable ...): the keys stay readable there. */
  readonly problem?: string;
}

let done: EnvironScrub | undefined;

/** env_start and env_end: fields 50 and 51 of /proc/<pid>/stat (proc(5)), counted after the command name. */
const envBounds = (): { start: number; end: number } | undefined => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = Number(fields[50 - 3]);
  const end = Number(fields[51 - 3]);
  return Number.isSafeInteger(start) && Number.isSafeInteger(end) && end > start ? { start, end } : undefined;
};

/**
 * Blanks the secret values (API keys, tokens, passwords: the same judgement as a pad's own
 * environment) from this process's initial environment block, the memory Linux shows to any
 * process of the same user as `/proc/<pid>/environ`. A pad is a child of this process, so
 * without this a cell reads engram's keys with one `cat /proc/$PPID/environ`.
 *
 * Deleting from `process.env` would not do: Node's `process.env` reads the C library's
 * environment, whose setters move a variable to the heap and leave the original bytes in the
 * block, which is what `/proc` shows. So each secret variable is first re-set (moved to the
 * heap, so `process.env` and every later child spawned by the host still see it), then its
 * bytes in the block are overwritten with NULs through `/proc/self/mem`. Once per process;
 * idempotent. Linux only.
 */
export const scrubOwnEnviron = (): EnvironScrub => {
  if (done !== undefined) return done;
  if (process.platform !== 'linux') return (done = { blanked: [], problem: 'not Linux (no /proc/<pid>/environ to protect)' });
  // A worker thread's process.env is its own copy: re-setting there would not move the process's
  // variables off the block, and blanking it would empty them for the main thread.
  if (!isMainThread) return (done = { blanked: [], problem: 'the host runs in a worker thread; only the main thread can move the environment off the block' });
  try {
    const bounds = envBounds();
    if (bounds === undefined) return (done = { blanked: [], problem: 'could not read env_start/env_end from /proc/self/stat' });
    const block = readFileSync('/proc/self/environ');
    const plan = planEnvironScrub(block.subarray(0, bounds.end - bounds.start), isSecretEnvEntry);
    if (plan.length === 0) return (done = { blanked: [] });
    for (const { name } of plan) {
      const current = process.env[name];
      if (current !== undefined) process.env[name] = current; // setenv: the value now lives on the heap
    }
    const fd = openSync('/proc/self/mem', 'r+');
    try {
      for (const p of plan) writeSync(fd, Buffer.alloc(p.valueLength), 0, p.valueLength, bounds.start + p.valueOffset);
    } finally {
      closeSync(fd);
    }
    const left = planEnvironScrub(readFileSync('/proc/self/environ'), isSecretEnvEntry);
    if (left.length > 0) return (done = { blanked: [], problem: `values still readable after the write: ${left.map((p) => p.name).join(', ')}` });
    return (done = { blanked: plan.map((p) => p.name) });
  } catch (error) {
    return (done = { blanked: [], problem: `could not rewrite /proc/self/environ (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
  }
};
