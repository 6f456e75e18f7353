import { ENGRAM_FILE_NAMES, isFsError, projectEngramDir, readTextContained } from '@engram/fs';
import { join } from 'node:path';
import { defaultBreakerParams, type BreakerLimits, type BreakerParams } from '@engram/executive';

export const GUARDS_FILE = ENGRAM_FILE_NAMES.guards;

/** A guards file that cannot be used: the message names the file and the field. */
export class GuardsConfigError extends Error {
  override readonly name = 'GuardsConfigError';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const count = (raw: Record<string, unknown>, field: string, path: string, fallback: number): number => {
  const v = raw[field];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new GuardsConfigError(`field "${path}${field}": expected a whole number of failures, at least 1, got ${JSON.stringify(v)}`);
  return v;
};

const limitsOf = (raw: Record<string, unknown>, path: string, base: BreakerLimits): BreakerLimits => {
  const warnAt = count(raw, 'warnAt', path, base.warnAt);
  const blockAt = count(raw, 'blockAt', path, base.blockAt);
  if (blockAt < warnAt) throw new GuardsConfigError(`field "${path}blockAt": ${blockAt} is below warnAt (${warnAt}); a call is warned about before it is blocked`);
  return { warnAt, blockAt };
};

/**
 * Parses a guards file: the circuit breaker's limits for every tool and per tool, e.g.
 * `{ "warnAt": 2, "blockAt": 3, "perTool": { "Bash": { "warnAt": 3, "blockAt": 5 } } }`. Missing
 * fields keep the defaults; a per-tool entry inherits the file's own limits.
 */
export const parseGuardsConfig = (text: string, file: string): BreakerParams => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new GuardsConfigError(`${file}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    if (!isObject(raw)) throw new GuardsConfigError('expected an object { "warnAt"?, "blockAt"?, "perTool"? }');
    const known = new Set(['warnAt', 'blockAt', 'perTool']);
    const unknown = Object.keys(raw).find((k) => !known.has(k));
    if (unknown !== undefined) throw new GuardsConfigError(`field "${unknown}": not a guards setting (warnAt, blockAt, perTool)`);
    const all = limitsOf(raw, '', defaultBreakerParams);
    const perToolRaw = raw['perTool'] ?? {};
    if (!isObject(perToolRaw)) throw new GuardsConfigError('field "perTool": expected an object keyed by tool name');
    const perTool: Record<string, BreakerLimits> = {};
    for (const [tool, limits] of Object.entries(perToolRaw)) {
      if (!isObject(limits)) throw new GuardsConfigError(`field "perTool.${tool}": expected an object { "warnAt"?, "blockAt"? }`);
      perTool[tool] = limitsOf(limits, `perTool.${tool}.`, all);
    }
    return { ...all, perTool };
  } catch (err) {
    if (err instanceof GuardsConfigError) throw new GuardsConfigError(`${file}: ${err.message}`);
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
    if (isFsError(err)) throw new GuardsConfigError(err.message);
    throw err;
  }
  return text === null ? defaultBreakerParams : parseGuardsConfig(text, file);
};
