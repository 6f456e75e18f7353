import { parseHookArgs } from '../parse-hook-args.js';
import { runHookClient, type InProcessHook } from '../run-hook-client.js';

/** Where the served-hook client hands over what it does not do itself: files of the installed CLI. */
export interface ServedHookFiles {
  /** The `engram` command (bin/engram): a hook no service answered runs through it, in process. */
  readonly engram: string;
  /** The launcher: starts `engram serve` when none runs, and answers a command line that is not a plain hook call. */
  readonly launcher: string;
  /** The file that calls (refused when in npx's download cache). */
  readonly caller: string;
}

/**
 * `node:child_process`, loaded when a process is started: a served hook starts none, and loading
 * it (with `dgram` behind it) took ~2.5 ms of every client's start.
 */
const childProcess = () => process.getBuiltinModule('node:child_process');

/**
 * The hook in another process: `engram hook ARGS` with ENGRAM_SERVE=0, the payload on its stdin
 * and this process's stdout and stderr, so that it starts from the hook's start-up snapshot and
 * prints its own answer. This client holds none of the runtime, and loading it here would cost
 * more than that start (docs/cli-startup.md).
 */
const inAnotherProcess =
  (engram: string, args: readonly string[]): InProcessHook =>
  (_name, payload, { env, warn }) => {
    const r = childProcess().spawnSync(engram, ['hook', ...args], { input: payload, stdio: ['pipe', 'inherit', 'inherit'], env: { ...env, ENGRAM_SERVE: '0' } });
    if (r.error !== undefined) warn(`could not run the hook in process (${engram}): ${r.error.message}`);
    return Promise.resolve(null);
  };

/**
 * `engram hook ARGS` when the home's `engram serve` has a socket (bin/engram checks): the hook
 * client alone, which reads the payload, hands it to the service and prints its answer, in a
 * process that loads a few kB of engram's code instead of the runtime. A hook the service does
 * not answer runs in another process as it would have without a service; a command line that is
 * not a plain hook call is the launcher's. Resolves to the exit code.
 */
export const servedHookClient = async (args: readonly string[], files: ServedHookFiles): Promise<number> => {
  const call = parseHookArgs(args);
  if (call === null) return childProcess().spawnSync(process.execPath, [files.launcher, 'hook', ...args], { stdio: 'inherit' }).status ?? 1;
  return runHookClient(call.name, call.flags, { launcher: files.launcher, caller: files.caller, inProcess: inAnotherProcess(files.engram, args) });
};
