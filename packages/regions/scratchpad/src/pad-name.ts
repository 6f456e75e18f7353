import { TaggedError } from '@engram/kernel';

/**
 * Pad names reach file paths, logs and the model's prompt, so they are refused early and
 * clearly rather than escaped: a name is 1 to 64 characters of letters, digits, `_`, `-` and
 * `.`, starting with a letter or digit, with no `..` (so it can never name a parent folder).
 */

/** Long enough for descriptive names (`clean_sales_2024_q3`), short enough to keep prompts and logs tidy. */
export const MAX_PAD_NAME_LENGTH = 64;

const PAD_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** A refused pad name; `message` says what is wrong and what a good name looks like. */
export class PadNameError extends TaggedError('PadNameError')<{ readonly reason: 'invalid-pad-name'; readonly message: string }> {
  constructor(message: string) {
    super({ reason: 'invalid-pad-name', message });
  }
}

const HINT = `use 1-${MAX_PAD_NAME_LENGTH} letters, digits, '_', '-' or '.', starting with a letter or digit (e.g. "main" or "sales_2024")`;

const shown = (name: string): string => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}...` : name);

/** Why `name` is not a usable pad name, or `undefined` when it is. */
export const padNameProblem = (name: unknown): string | undefined => {
  if (typeof name !== 'string') return `Pad name must be a string, got ${name === null ? 'null' : typeof name}; ${HINT}`;
  if (name.length === 0) return `Pad name is empty; ${HINT}`;
  if (name.length > MAX_PAD_NAME_LENGTH) return `Pad name is ${name.length} characters long (limit ${MAX_PAD_NAME_LENGTH}); ${HINT}`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return `Pad name ${shown(name)} contains control characters; ${HINT}`;
  if (name.includes('..')) return `Pad name ${shown(name)} contains '..' (it could name a parent folder); ${HINT}`;
  if (!PAD_NAME_PATTERN.test(name)) return `Pad name ${shown(name)} has characters outside letters, digits, '_', '-', '.' or does not start with a letter or digit; ${HINT}`;
  return undefined;
};

/** Returns `name` when it is a valid pad name; throws a `PadNameError` saying why otherwise. */
export const validatePadName = (name: unknown): string => {
  const problem = padNameProblem(name);
  if (problem !== undefined) throw new PadNameError(problem);
  return name as string;
};
