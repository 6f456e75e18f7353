import { isFsError, projectEngramDir, readTextContained } from '@engram/fs';
import { dirname, join, resolve } from 'node:path';
import { defaultAccParams, type AccParams } from '@engram/acc';
import { AccParamsSchema } from '@engram/events';
import { InputError, parseInput, parseJsonInput, TaggedError } from '@engram/kernel';
import { z } from 'zod';

/** The project's detector profile, read by the hooks and by `createBrain` when present. */
export const ACC_PROFILE_FILE = 'acc.json';

/** A detector profile that cannot be used: the message names the file and the field (the `InputError`, as `cause`, lists them). */
export class AccProfileError extends TaggedError('AccProfileError')<{
  /** The file cannot be read (missing, a link, unreadable), or it breaks the profile's schema. */
  readonly reason: 'unreadable' | 'invalid';
  readonly file: string;
  readonly message: string;
  readonly cause?: unknown;
}> {}

/** A named set of ACC thresholds: what `engram sim --save-profile` writes. */
export interface AccProfile {
  readonly name: string;
  readonly params: AccParams;
}

/**
 * The profile file's schema, built on first use: `.partial()` of the thresholds' schema costs a
 * hook's start-up several milliseconds, and most runs read no profile (docs/cli-startup.md).
 */
const buildProfileFile = () =>
  z
    .object({
      name: z.string().min(1),
      basedOn: z.string().optional(),
      // A hand-written profile may set only some thresholds; the others keep Anton's (the default).
      params: AccParamsSchema.partial(),
      evidence: z.unknown().optional(),
    })
    .strict();
let profileSchema: ReturnType<typeof buildProfileFile> | undefined;
const profileFile = () => (profileSchema ??= buildProfileFile());

/**
 * Parses a detector profile (`{ name, basedOn?, params, evidence? }`, as `engram sim
 * --save-profile` writes it) through the kernel's `parseInput`: a missing or misspelt field, or a
 * threshold out of range, is an `AccProfileError` naming the file and the field.
 */
export const parseAccProfile = (text: string, file: string): AccProfile => {
  try {
    const raw = parseInput(profileFile(), parseJsonInput(text, file), file);
    const params = Object.fromEntries(Object.entries(raw.params).filter(([, v]) => v !== undefined));
    return { name: raw.name, params: { ...defaultAccParams, ...params } };
  } catch (err) {
    if (err instanceof InputError) throw new AccProfileError({ reason: 'invalid', file, message: err.message, cause: err });
    throw err;
  }
};

/** A profile file named by a user (`--acc-profile FILE`, `createBrain({ acc: { profile: FILE } })`). */
export const readAccProfile = (file: string): AccProfile => {
  const abs = resolve(file);
  let text: string | null;
  try {
    text = readTextContained(dirname(abs), abs); // a profile that is a link is refused, not followed
  } catch (err) {
    throw new AccProfileError({ reason: 'unreadable', file: abs, message: isFsError(err) ? err.message : `${abs}: ${(err as Error).message}`, cause: err });
  }
  if (text === null) throw new AccProfileError({ reason: 'unreadable', file: abs, message: `${abs}: no such file` });
  return parseAccProfile(text, abs);
};

/** The project's profile (`<project>/.engram/acc.json`), or null when there is none. */
export const readProjectAccProfile = (project: string): AccProfile | null => {
  const file = join(projectEngramDir(project), ACC_PROFILE_FILE);
  let text: string | null;
  try {
    text = readTextContained(project, file); // a linked acc.json is refused, not followed
  } catch (err) {
    if (isFsError(err)) throw new AccProfileError({ reason: 'unreadable', file, message: err.message, cause: err });
    throw err;
  }
  return text === null ? null : parseAccProfile(text, file);
};
