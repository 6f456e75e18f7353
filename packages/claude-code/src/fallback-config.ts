import { ENGRAM_FILE_NAMES, isFsError, projectEngramDir, readTextContained } from '@engram/fs';
import { join } from 'node:path';
import { Fields, isObject, PayloadError, type JsonObject } from './payload-fields.js';

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

/** Thrown for a fallbacks file that cannot be used; names the file and the field. */
export class FallbackConfigError extends Error {
  override readonly name = 'FallbackConfigError';
}

const parseChain = (raw: unknown, i: number): FallbackChainConfig => {
  if (!isObject(raw)) throw new PayloadError(`field "[${i}]": expected an object { tool, match?, steps }`);
  const f = new Fields(raw, `[${i}].`);
  const tool = f.string('tool');
  const match = f.optionalObject('match');
  const target = match === undefined ? null : (new Fields(match, `[${i}].match.`).optionalString('target') ?? null);
  const rawSteps = f.array('steps');
  if (rawSteps.length === 0) throw new PayloadError(`field "[${i}].steps": a chain needs at least one step`);
  const steps = rawSteps.map((s, j) => {
    if (!isObject(s)) throw new PayloadError(`field "[${i}].steps[${j}]": expected an object { name, patch }`);
    const sf = new Fields(s, `[${i}].steps[${j}].`);
    return { name: sf.string('name'), patch: sf.optionalObject('patch') ?? {} };
  });
  const names = steps.map((s) => s.name);
  const repeated = names.find((n, j) => names.indexOf(n) !== j);
  if (repeated !== undefined) throw new PayloadError(`field "[${i}].steps": step name ${JSON.stringify(repeated)} is used twice (names are what the log records)`);
  return { tool, target, steps };
};

/** Parses the text of a fallbacks file: a JSON array of chains. */
export const parseFallbackConfig = (text: string, file: string): FallbackChainConfig[] => {
  try {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      throw new PayloadError(`not valid JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    if (!Array.isArray(raw)) throw new PayloadError('expected a JSON array of chains [{ "tool", "match"?, "steps" }]');
    return raw.map(parseChain);
  } catch (err) {
    if (err instanceof PayloadError) throw new FallbackConfigError(`${file}: ${err.message}`);
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
    if (isFsError(err)) throw new FallbackConfigError(err.message);
    throw err;
  }
  return text === null ? [] : parseFallbackConfig(text, file);
};
