import { ENGRAM_FILE_NAMES, isFsError, projectEngramDir, readTextContained } from '@engram/fs';
import { join } from 'node:path';
import { InputError, parseInput, parseJsonInput } from '@engram/kernel';
import { z } from 'zod';
import type { JsonObject } from './payload-fields.js';
import { TaggedError } from '@engram/kernel';

/** One way of making a call: a patch merged over the tool input the model wrote. */
export interface FallbackStepConfig {
  readonly name: string;
  readonly patch: JsonObject;
}

/** A fallback chain the project declares for a tool, optionally only for some targets. */
export interface FallbackChainConfig {
  readonly tool: string;
  /** An exact target or a file kind (`*.cbl`); absent: every call of the tool. */
  readonly target: string | null;
  readonly steps: readonly FallbackStepConfig[];
}

export const FALLBACKS_FILE = ENGRAM_FILE_NAMES.fallbacks;

/** Thrown for a fallbacks file that cannot be used; names the file and the field (the `InputError`, as `cause`, lists them). */
export class FallbackConfigError extends TaggedError('FallbackConfigError')<{ readonly reason: 'invalid' | 'unreadable'; readonly message: string; readonly cause?: unknown }> {}

/** What a user wrote, as a message says it: `nothing`, `null`, `an array`, `string`. */
const given = (x: unknown): string => (x === undefined ? 'nothing' : x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x);

const expected = (what: string) => ({ error: (iss: { readonly input?: unknown }) => `expected ${what}, got ${given(iss.input)}` });

const name = z
  .string(expected('a non-empty string'))
  .refine((s) => s.trim() !== '', { error: (iss) => `expected a non-empty string, got ${JSON.stringify(iss.input) ?? 'nothing'}` });

const jsonObject = z.record(z.string(), z.unknown(), expected('an object'));

const step = z.object({ name, patch: jsonObject.nullish() }, expected('an object { name, patch }'));

const chain = z
  .object(
    {
      tool: name,
      match: z.object({ target: z.string(expected('a string')).nullish() }, expected('an object')).nullish(),
      steps: z.array(step, expected('an array')).min(1, 'a chain needs at least one step'),
    },
    expected('an object { tool, match?, steps }'),
  )
  .superRefine((c, ctx) => {
    const names = c.steps.map((s) => s.name);
    const repeated = names.find((n, j) => names.indexOf(n) !== j);
    if (repeated !== undefined) ctx.addIssue({ code: 'custom', path: ['steps'], message: `step name ${JSON.stringify(repeated)} is used twice (names are what the log records)` });
  });

const fallbacksFile = z.array(chain, expected('a JSON array of chains [{ "tool", "match"?, "steps" }]'));

/** Parses the text of a fallbacks file: a JSON array of chains. */
export const parseFallbackConfig = (text: string, file: string): FallbackChainConfig[] => {
  try {
    const json = parseJsonInput(text, file);
    return parseInput(fallbacksFile, json, file).map((c) => ({
      tool: c.tool,
      target: c.match?.target ?? null,
      steps: c.steps.map((s) => ({ name: s.name, patch: s.patch ?? {} })),
    }));
  } catch (err) {
    if (err instanceof InputError) throw new FallbackConfigError({ reason: 'invalid', message: err.message, cause: err });
    throw err;
  }
};

/**
 * The project's fallback chains, from `<project>/.engram/fallbacks.json`; none when the file is
 * absent. A file that cannot be used is a `FallbackConfigError` naming the file and the field.
 */
export const readFallbackConfig = (project: string): FallbackChainConfig[] => {
  const file = join(projectEngramDir(project), FALLBACKS_FILE);
  let text: string | null;
  try {
    text = readTextContained(project, file); // a linked fallbacks.json is refused, not followed
  } catch (err) {
    if (isFsError(err)) throw new FallbackConfigError({ reason: 'unreadable', message: err.message, cause: err });
    throw err;
  }
  return text === null ? [] : parseFallbackConfig(text, file);
};
