import { fileURLToPath } from 'node:url';
import { runHookClient, type HookClientFlags, type HookCommand } from '@engram/serve/client';

export type HookCommandFlags = HookClientFlags;

/** The launcher a hook starts `engram serve` with when no service runs for its home. */
const LAUNCHER = fileURLToPath(new URL('../../bin/engram.js', import.meta.url));

/** `engram hook <name>`: @engram/serve's hook client, started from this installed CLI (exit 0 always: hooks fail open). */
export const runHookCommand = (name: HookCommand, flags: HookCommandFlags): Promise<number> => runHookClient(name, flags, { launcher: LAUNCHER, caller: fileURLToPath(import.meta.url) });
