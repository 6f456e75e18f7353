import { accProfiles, type AccParams, type AccProfileName, type DetectorId } from '@engram/acc';
import { DETECTOR_PARAM_FIELDS } from './detector-param-fields.js';

/** A what-if file that cannot be used: the message names the file and the field. */
export class WhatIfParamsError extends Error {
  override readonly name = 'WhatIfParamsError';
}

/** The thresholds a what-if replays with, and where they came from (for the report). */
export interface WhatIfParams {
  readonly profile: AccProfileName;
  /** The fields the file set, by detector id, as `AccParams` names. */
  readonly overrides: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly detectors: AccParams;
}

const PROFILE_NAMES = Object.keys(accProfiles) as AccProfileName[];
const isProfile = (x: unknown): x is AccProfileName => typeof x === 'string' && (PROFILE_NAMES as string[]).includes(x);
const isDetector = (x: string): x is DetectorId => Object.hasOwn(DETECTOR_PARAM_FIELDS, x);
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const shown = (x: unknown): string => JSON.stringify(x) ?? String(x);

/** Checks one value against the type of the `AccParams` field it sets; returns the problem, or null. */
const problemWith = (field: keyof AccParams, value: unknown): string | null => {
  const current = accProfiles.anton[field];
  if (typeof current === 'boolean') return typeof value === 'boolean' ? null : `expected true or false, got ${shown(value)}`;
  if (typeof current === 'number') return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? null : `expected a whole number of at least 1, got ${shown(value)}`;
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? null : `expected an array of tool names (strings), got ${shown(value)}`;
};

/**
 * Reads a what-if file: a profile name (`"anton"`), or an object with an optional `"profile"`
 * and thresholds keyed by detector id (`{ "acc.repeated-tool-error": { "minRun": 3 } }`), each
 * overlaid on the profile (default: the runtime's, `anton`). Every problem is collected and the
 * error names the file and each field, so one run shows them all. (Hand-checked: zod is not a
 * dependency of the CLI package.)
 */
export const parseWhatIfParams = (text: string, file: string): WhatIfParams => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new WhatIfParamsError(`${file}: not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  if (typeof raw === 'string') {
    if (!isProfile(raw)) throw new WhatIfParamsError(`${file}: unknown profile ${shown(raw)}; known: ${PROFILE_NAMES.join(', ')}`);
    return { profile: raw, overrides: {}, detectors: accProfiles[raw] };
  }
  if (!isRecord(raw)) throw new WhatIfParamsError(`${file}: expected a profile name or an object keyed by detector id, got ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw}`);
  const problems: string[] = [];
  let profile: AccProfileName = 'anton';
  if (raw.profile !== undefined) {
    if (isProfile(raw.profile)) profile = raw.profile;
    else problems.push(`field "profile": unknown profile ${shown(raw.profile)}; known: ${PROFILE_NAMES.join(', ')}`);
  }
  const detectors: Record<string, unknown> = { ...accProfiles[profile] };
  const overrides: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'profile') continue;
    if (!isDetector(key)) {
      problems.push(`field ${shown(key)}: not a detector id; known: ${Object.keys(DETECTOR_PARAM_FIELDS).join(', ')}`);
      continue;
    }
    if (!isRecord(value)) {
      problems.push(`field ${shown(key)}: expected an object of thresholds, got ${shown(value)}`);
      continue;
    }
    const fields = DETECTOR_PARAM_FIELDS[key];
    for (const [name, v] of Object.entries(value)) {
      const field = fields[name];
      if (field === undefined) {
        problems.push(`field ${shown(key)}.${name}: ${key} has no such threshold; known: ${Object.keys(fields).join(', ')}`);
        continue;
      }
      const problem = problemWith(field, v);
      if (problem !== null) problems.push(`field ${shown(key)}.${name}: ${problem}`);
      else {
        detectors[field] = v;
        (overrides[key] ??= {})[field] = v;
      }
    }
  }
  if (problems.length > 0) throw new WhatIfParamsError(problems.map((p) => `${file}: ${p}`).join('\n'));
  return { profile, overrides, detectors: detectors as unknown as AccParams };
};
