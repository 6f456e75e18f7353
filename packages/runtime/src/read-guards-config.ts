import { ENGRAM_FILE_NAMES, isFsError, projectEngramDir, readTextContained } from '@engram/fs';
import { join } from 'node:path';
import { defaultBreakerParams, type BreakerLimits, type BreakerParams } from '@engram/executive';
import { InputError, parseInput, parseJsonInput } from '@engram/kernel';
import { z } from 'zod';
import { TaggedError } from '@engram/kernel';

export const GUARDS_FILE = ENGRAM_FILE_NAMES.guards;

/** A guards file that cannot be used: the message names the file and the field (the `InputError`, as `cause`, lists them). */
export class GuardsConfigError extends TaggedError('GuardsConfigError')<{ readonly reason: 'invalid' | 'unreadable'; readonly message: string; readonly cause?: unknown }> {}

/** What a user wrote, as they would read it back: `"3"`, `null`, `an array`. */
const given = (x: unknown): string => (x === undefined ? 'nothing' : Array.isArray(x) ? 'an array' : (JSON.stringify(x) ?? typeof x));

const failures = z
  .int({ error: (iss) => `expected a whole number of failures, at least 1, got ${given(iss.input)}` })
  .min(1, { error: (iss) => `expected a whole number of failures, at least 1, got ${given(iss.input)}` })
  .optional();

const limits = z.object({ warnAt: failures, blockAt: failures }, { error: (iss) => `expected an object { "warnAt"?, "blockAt"? }, got ${given(iss.input)}` });

/** Limits as set, over the ones they inherit. */
const over = (set: z.output<typeof limits>, base: BreakerLimits): BreakerLimits => ({ warnAt: set.warnAt ?? base.warnAt, blockAt: set.blockAt ?? base.blockAt });

const guardsFile = z
  .object(
    {
      warnAt: failures,
      blockAt: failures,
      perTool: z.record(z.string(), limits, { error: (iss) => `expected an object keyed by tool name, got ${given(iss.input)}` }).nullish(),
    },
    { error: (iss) => `expected an object { "warnAt"?, "blockAt"?, "perTool"? }, got ${given(iss.input)}` },
  )
  // a misspelt setting (`blokAt`) would silently keep the default: refused, by name (strictObject
  // would name the keys but not as fields)
  .catchall(z.custom(() => false, { error: 'not a guards setting (warnAt, blockAt, perTool)' }))
  .superRefine((raw, ctx) => {
    const belowWarn = (l: BreakerLimits, path: (string | number)[]): void => {
      if (l.blockAt < l.warnAt) ctx.addIssue({ code: 'custom', path: [...path, 'blockAt'], message: `${l.blockAt} is below warnAt (${l.warnAt}); a call is warned about before it is blocked` });
    };
    const all = over(raw, defaultBreakerParams);
    belowWarn(all, []);
    for (const [tool, l] of Object.entries(raw.perTool ?? {})) belowWarn(over(l, all), ['perTool', tool]);
  });

/**
 * Parses a guards file: the circuit breaker's limits for every tool and per tool, e.g.
 * `{ "warnAt": 2, "blockAt": 3, "perTool": { "Bash": { "warnAt": 3, "blockAt": 5 } } }`. Missing
 * fields keep the defaults; a per-tool entry inherits the file's own limits.
 */
export const parseGuardsConfig = (text: string, file: string): BreakerParams => {
  try {
    const json = parseJsonInput(text, file);
    const raw = parseInput(guardsFile, json, file);
    const all = over(raw, defaultBreakerParams);
    const perTool = Object.fromEntries(Object.entries(raw.perTool ?? {}).map(([tool, l]) => [tool, over(l, all)]));
    return { ...all, perTool };
  } catch (err) {
    if (err instanceof InputError) throw new GuardsConfigError({ reason: 'invalid', message: err.message, cause: err });
    throw err;
  }
};

/** The project's guards (`<project>/.engram/guards.json`), or the defaults when there is no file. */
export const readGuardsConfig = (project: string): BreakerParams => {
  const file = join(projectEngramDir(project), GUARDS_FILE);
  let text: string | null;
  try {
    text = readTextContained(project, file); // a linked guards.json is refused, not followed
  } catch (err) {
    if (isFsError(err)) throw new GuardsConfigError({ reason: 'unreadable', message: err.message, cause: err });
    throw err;
  }
  return text === null ? defaultBreakerParams : parseGuardsConfig(text, file);
};
