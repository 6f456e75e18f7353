import { HOOK_COMMANDS, type HookCommand } from './protocol-version.js';
import type { HookClientFlags } from './run-hook-client.js';

/**
 * The arguments after `hook` when they are a plain hook call (`<name> [--project DIR] [--home DIR] [--store URL] [--tenant NAME]`,
 * `--opt=value` too); null for anything else (help, a typo, an unknown option), which the full
 * command line then reports as usual.
 */
export const parseHookArgs = (args: readonly string[]): { readonly name: HookCommand; readonly flags: HookClientFlags } | null => {
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
