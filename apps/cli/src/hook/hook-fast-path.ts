import { parseHookArgs } from '@engram/serve/client';
import { runHookCommand } from './run-hook.js';

/**
 * `engram hook ...` straight from the launcher, without commander or the rest of the CLI: hooks
 * run once or twice per tool call, so their start-up is most of their cost. Resolves to the exit
 * code, or null when the arguments are not a plain hook call. `payload`: where the hook's JSON
 * comes from, default stdin (scripts/snapshot-entry.cjs gives each warm-up step its own).
 */
export const hookFastPath = async (args: readonly string[], payload?: () => Promise<string>): Promise<number | null> => {
  const call = parseHookArgs(args);
  return call === null ? null : runHookCommand(call.name, call.flags, payload);
};
