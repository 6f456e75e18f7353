import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runHookClient, type InProcessHook } from '@engram/serve/client';
import { parseHookArgs } from './parse-hook-args.js';

/** The `engram` command (bin/engram): a hook no service answered is handed to it, to run in process. */
const ENGRAM = fileURLToPath(new URL('../../bin/engram', import.meta.url));
/** The launcher: what starts `engram serve` when none runs, and answers a command line that is not a plain hook call. */
const LAUNCHER = fileURLToPath(new URL('../../bin/engram.js', import.meta.url));

/**
 * The hook in another process: `engram hook ARGS` with ENGRAM_SERVE=0, the payload on its stdin
 * and this process's stdout and stderr, so that it starts from the hook's start-up snapshot and
 * prints its own answer. This client holds none of the runtime, and loading it here would cost
 * more than that start (docs/cli-startup.md).
 */
const inAnotherProcess =
  (args: readonly string[]): InProcessHook =>
  (_name, payload, { env, warn }) => {
    const r = spawnSync(ENGRAM, ['hook', ...args], { input: payload, stdio: ['pipe', 'inherit', 'inherit'], env: { ...env, ENGRAM_SERVE: '0' } });
    if (r.error !== undefined) warn(`could not run the hook in process (${ENGRAM}): ${r.error.message}`);
    return Promise.resolve(null);
  };

/**
 * `engram hook ...` when the home's `engram serve` has a socket (bin/engram checks): the hook
 * client alone, which reads the payload, hands it to the service and prints its answer, in a
 * process that loads a few kB of engram's code instead of the runtime. A hook the service does
 * not answer runs in another process as it would have without a service; a command line that is
 * not a plain hook call is the launcher's. Resolves to the exit code.
 */
export const hookClient = async (args: readonly string[]): Promise<number> => {
  const call = parseHookArgs(args);
  if (call === null) return spawnSync(process.execPath, [LAUNCHER, 'hook', ...args], { stdio: 'inherit' }).status ?? 1;
  return runHookClient(call.name, call.flags, { launcher: LAUNCHER, caller: fileURLToPath(import.meta.url), inProcess: inAnotherProcess(args) });
};
