import { InvalidArgumentError } from 'commander';
import { parseNumber, type NumberSpec } from '@engram/kernel';
import type { OptionSpec } from './command-spec.js';

/**
 * A commander argument parser for a numeric flag: strict (`parseNumber`), so a usage error
 * (exit 2) names the allowed form instead of a typo becoming 0 or NaN.
 */
export const numberOption =
  (spec: NumberSpec) =>
  (text: string): number => {
    const r = parseNumber(text, spec);
    if (!r.ok) throw new InvalidArgumentError(`expected ${r.expected}, got ${JSON.stringify(text)}`);
    return r.value;
  };

/** A repeatable option's values, in order. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export const opt = (flags: string, help: string, parse?: OptionSpec['parse'], value?: unknown): OptionSpec => ({ flags, help, ...(parse === undefined ? {} : { parse }), ...(value === undefined ? {} : { default: value }) });
export const required = (flags: string, help: string, parse?: OptionSpec['parse']): OptionSpec => ({ ...opt(flags, help, parse), required: true });

export const HOME = opt('--home <dir>', 'global root (default: $ENGRAM_HOME or ~/.engram)');
const PROJECT = opt('--project <dir>', 'project folder (default: the current directory)');
export const JSON_OUT = opt('--json', 'print one JSON object');
/** `--home` and `--project`: where the files live. */
export const ROOTS = [HOME, PROJECT] as const;
/** `--store` and `--tenant`: the active store (files, or PostgreSQL when a URL is given). */
export const STORES = [
  opt('--store <url>', 'the PostgreSQL store, postgres://USER@HOST:PORT/DB (env ENGRAM_STORE; default: the files; exit 2 bad setting, 3 unreachable)'),
  opt('--tenant <name>', 'whose memory in the store (env ENGRAM_TENANT; default "default")'),
] as const;
/** The roots, the store and `--json`: what most commands that read memory take. */
export const WHERE = [...ROOTS, ...STORES] as const;

/** A round cap beyond a thousand is a typo: a turn that long is a runaway. */
export const ROUND_CAP = opt('--round-cap <n>', 'the most tool rounds a turn may take', numberOption({ kind: 'integer', min: 1, max: 1_000 }));
/** A TCP port; 0 lets the system pick a free one. */
export const port = (min: 0 | 1) => numberOption({ kind: 'integer', min, max: 65_535 });
/** `--scope` where both scopes are the default. */
export const SCOPE_BOTH = opt('--scope <scope>', 'global or project (default: both)');
