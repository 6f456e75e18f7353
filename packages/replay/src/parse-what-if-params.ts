import { accProfiles, type AccParams, type AccProfileName, type DetectorId } from '@engram/acc';
import { InputError, parseInput, parseJsonInput, TaggedError } from '@engram/kernel';
import { z } from 'zod';
import { DETECTOR_PARAM_FIELDS } from './detector-param-fields.js';

/**
 * A what-if file (`--params FILE`) that cannot be used: `unreadable` (missing, a folder, no
 * permission) or `invalid` (the message names the file and each field; the `InputError`, as
 * `cause`, lists them).
 */
export class WhatIfParamsError extends TaggedError('WhatIfParamsError')<{ readonly reason: 'unreadable' | 'invalid'; readonly file: string; readonly message: string; readonly cause?: unknown }> {}

/** The thresholds a what-if replays with, and where they came from (for the report). */
export interface WhatIfParams {
  readonly profile: AccProfileName;
  /** The fields the file set, by detector id, as `AccParams` names. */
  readonly overrides: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly detectors: AccParams;
}

const PROFILE_NAMES = Object.keys(accProfiles) as [AccProfileName, ...AccProfileName[]];
const DETECTOR_IDS = Object.keys(DETECTOR_PARAM_FIELDS) as DetectorId[];
const shown = (x: unknown): string => (x === undefined ? 'nothing' : (JSON.stringify(x) ?? typeof x));
const kindOf = (x: unknown): string => (x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x);

/** Always refuses: what a key outside a fixed set (a misspelt detector id or threshold) parses with, so the error names it as a field. */
const unknownKey = (problem: string) => z.custom(() => false, { error: problem });

const profileName = z.enum(PROFILE_NAMES, { error: (iss) => `unknown profile ${shown(iss.input)}; known: ${PROFILE_NAMES.join(', ')}` });

/** The schema of one value by the type of the `AccParams` field it sets. */
const thresholdValue = (field: keyof AccParams): z.ZodType => {
  const current = accProfiles.anton[field];
  if (typeof current === 'boolean') return z.boolean({ error: (iss) => `expected true or false, got ${shown(iss.input)}` });
  if (typeof current === 'number') {
    const error = (iss: { readonly input?: unknown }): string => `expected a whole number of at least 1, got ${shown(iss.input)}`;
    return z.int({ error }).min(1, { error });
  }
  return z.custom<readonly string[]>((v) => Array.isArray(v) && v.every((t) => typeof t === 'string'), { error: (iss) => `expected an array of tool names (strings), got ${shown(iss.input)}` });
};

/** One detector's thresholds, under their `AccParams` names or aliases. */
const thresholds = (id: DetectorId) => {
  const fields = DETECTOR_PARAM_FIELDS[id];
  const shape = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, thresholdValue(field).optional()]));
  return z
    .object(shape, { error: (iss) => `expected an object of thresholds, got ${shown(iss.input)}` })
    .catchall(unknownKey(`${id} has no such threshold; known: ${Object.keys(fields).join(', ')}`))
    .optional();
};

const whatIfObject = z
  .object(
    { profile: profileName.optional(), ...Object.fromEntries(DETECTOR_IDS.map((id) => [id, thresholds(id)])) },
    { error: (iss) => `expected a profile name or an object keyed by detector id, got ${kindOf(iss.input)}` },
  )
  .catchall(unknownKey(`not a detector id; known: ${DETECTOR_IDS.join(', ')}`));

/**
 * Reads a what-if file: a profile name (`"anton"`), or an object with an optional `"profile"`
 * and thresholds keyed by detector id (`{ "acc.repeated-tool-error": { "minRun": 3 } }`), each
 * overlaid on the profile (default: the runtime's, `anton`). Every problem is collected and the
 * error names the file and each field (`field "acc.kill-loop.minKills": ...`), so one run shows them all.
 */
export const parseWhatIfParams = (text: string, file: string): WhatIfParams => {
  try {
    const json = parseJsonInput(text, file);
    if (typeof json === 'string') {
      const profile = parseInput(profileName, json, file);
      return { profile, overrides: {}, detectors: accProfiles[profile] };
    }
    const parsed = parseInput(whatIfObject, json, file);
    const profile = parsed.profile ?? 'anton';
    const detectors: Record<string, unknown> = { ...accProfiles[profile] };
    const overrides: Record<string, Record<string, unknown>> = {};
    // in the file's order, so of a name and its alias the later one wins, as a reader expects
    for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
      if (key === 'profile' || !Object.hasOwn(DETECTOR_PARAM_FIELDS, key)) continue;
      const fields = DETECTOR_PARAM_FIELDS[key as DetectorId];
      for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
        const field = fields[name];
        if (field === undefined) continue; // refused above: unreachable
        detectors[field] = v;
        (overrides[key] ??= {})[field] = v;
      }
    }
    return { profile, overrides, detectors: detectors as unknown as AccParams };
  } catch (err) {
    if (err instanceof InputError) throw new WhatIfParamsError({ reason: 'invalid', file, message: err.message, cause: err });
    throw err;
  }
};
