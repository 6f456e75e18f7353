import { fileURLToPath } from 'node:url';
import { runHookClient, type HookClientFlags, type HookCommand, type InProcessHook } from '@engram/serve/client';

export type HookCommandFlags = HookClientFlags;

/** The launcher a hook starts `engram serve` with when no service runs for its home. */
const LAUNCHER = fileURLToPath(new URL('../../bin/engram.js', import.meta.url));

/** The hook in this process: @engram/claude-code's runHook, loaded only when no service answered. */
const inThisProcess: InProcessHook = async (name, payload, options) => (await import('@engram/claude-code/run-hook')).runHook(name, payload, options);

/**
 * `engram hook <name>`: @engram/serve's hook client, started from this installed CLI (exit 0
 * always: hooks fail open). `payload`: where the hook's JSON comes from, default stdin.
 */
export const runHookCommand = (name: HookCommand, flags: HookCommandFlags, payload?: () => Promise<string>): Promise<number> =>
  runHookClient(name, flags, { launcher: LAUNCHER, caller: fileURLToPath(import.meta.url), inProcess: inThisProcess, ...(payload === undefined ? {} : { payload }) });
