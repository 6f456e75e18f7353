import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** Random hex characters in a temp name: concurrent writers never share a temp file (Anton's fixed `<file>.tmp` did, §15.14). */
const RANDOM_HEX = 16;

/** A hidden sibling of `path` with a random part. */
export const tempPathFor = (path: string): string => join(dirname(path), `.${basename(path)}.${randomBytes(RANDOM_HEX / 2).toString('hex')}.tmp`);

/** Matches the temp files `tempPathFor` makes for `name`, for clean-up after a killed writer. */
export const isTempFor = (name: string, candidate: string): boolean =>
  candidate.length === name.length + RANDOM_HEX + 6 && candidate.startsWith(`.${name}.`) && /^[0-9a-f]{16}\.tmp$/.test(candidate.slice(name.length + 2));
