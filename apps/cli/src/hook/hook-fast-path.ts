import { HOOK_COMMANDS, type HookCommand } from '@engram/serve/client';
import { runHookCommand, type HookCommandFlags } from './run-hook.js';

/**
 * The arguments after `hook` when they are a plain hook call (`<name> [--project DIR] [--home DIR] [--store URL] [--tenant NAME]`,
 * `--opt=value` too); null for anything else (help, a typo, an unknown option), which the full
 * command line then reports as usual.
 */
export const parseHookArgs = (args: readonly string[]): { readonly name: HookCommand; readonly flags: HookCommandFlags } | null => {
  const [name, ...rest] = args;
  if (!(HOOK_COMMANDS as readonly (string | undefined)[]).includes(name)) return null;
  const flags: { project?: string; home?: string; store?: string; tenant?: string } = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    const m = /^--(project|home|store|tenant)(?:=(.*))?$/s.exec(arg);
    if (m === null) return null;
    const key = m[1] as keyof typeof flags;
    const value = m[2] ?? rest[++i];
    if (value === undefined || value === '' || flags[key] !== undefined) return null;
    flags[key] = value;
  }
  return { name: name as HookCommand, flags };
};

/**
 * `engram hook ...` straight from the launcher, without commander or the rest of the CLI: hooks
 * run once or twice per tool call, so their start-up is most of their cost. Resolves to the exit
 * code, or null when the arguments are not a plain hook call.
 */
export const hookFastPath = async (args: readonly string[]): Promise<number | null> => {
  const call = parseHookArgs(args);
  return call === null ? null : runHookCommand(call.name, call.flags);
};
