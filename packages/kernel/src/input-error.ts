import type { z } from 'zod';
import { TaggedError } from './tagged-error.js';

/** One problem with an input: the field (`tool_input`, `[0].steps[1].patch`) and what is wrong with it. */
export interface InputIssue {
  readonly field: string;
  readonly problem: string;
}

/** `a.b[0].c`: how a user names a field of a JSON file or payload. */
export const fieldPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((out, k) => (typeof k === 'number' ? `${out}[${k}]` : out === '' ? String(k) : `${out}.${String(k)}`), '');

/** Why an input is refused: not JSON at all, or JSON whose fields break the schema. */
export type InputErrorReason = 'not-json' | 'invalid';

/**
 * Input from outside (a hook payload, a config file, what-if params) that cannot be used. One
 * format everywhere: `SOURCE: field "F": problem; ...`, so a user reads the file (or payload),
 * the field and the problem in one line, whichever boundary refused it.
 */
export class InputError extends TaggedError('InputError')<{
  /** The text is not JSON, or it is and a field breaks the schema. */
  readonly reason: InputErrorReason;
  /** Where the input came from: a file path, `stdin`, an option name; '' when the caller prefixes it. */
  readonly source: string;
  readonly issues: readonly InputIssue[];
  readonly message: string;
}> {
  constructor(source: string, issues: readonly InputIssue[], reason: InputErrorReason = 'invalid') {
    const text = issues.map((i) => (i.field === '' ? i.problem : `field "${i.field}": ${i.problem}`)).join('; ');
    super({ reason, source, issues, message: source === '' ? text : `${source}: ${text}` });
  }
}

/** The issues of a zod error, in the one format. */
export const inputIssues = (error: z.ZodError): InputIssue[] => error.issues.map((i) => ({ field: fieldPath(i.path), problem: i.message }));

/** Parses `input` with `schema`; an `InputError` naming `source`, each field and its problem otherwise. */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown, source: string): z.output<S> => {
  const r = schema.safeParse(input);
  if (!r.success) throw new InputError(source, inputIssues(r.error));
  return r.data;
};

/** Parses the JSON text of a file or payload; an `InputError` naming `source` when it is not JSON. */
export const parseJsonInput = (text: string, source: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new InputError(source, [{ field: '', problem: `not valid JSON (${err instanceof Error ? err.message : String(err)})` }], 'not-json');
  }
};
