/**
 * What a number read from a flag, an environment variable or a config file may look like.
 * `integer`: plain decimal digits only, no leading zero; `decimal`: digits with an optional fraction. Signs,
 * spaces, hex (`0x10`), exponents (`1e3`), `Infinity` and the empty string are all refused:
 * `Number("")` is 0, and `engram log prune --older-than ""` once deleted every log because of it.
 */
export interface NumberSpec {
  readonly kind: 'integer' | 'decimal';
  /** Smallest allowed value (inclusive). */
  readonly min: number;
  /** Largest allowed value (inclusive). */
  readonly max: number;
  /** `min` itself is excluded (a scale of 0 means nothing). */
  readonly minExclusive?: boolean;
}

export type ParsedNumber = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly expected: string };

/** No leading zeros: `010` is 8 in some languages and 10 in others, so it is refused, not guessed. */
const INTEGER = /^(?:0|[1-9]\d*)$/;
const DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** The allowed form, as an error message says it ("a whole number from 1 to 36500"). */
export const describeNumberSpec = (spec: NumberSpec): string => {
  const what = spec.kind === 'integer' ? 'a whole number' : 'a number';
  const from = spec.minExclusive === true ? `above ${spec.min}` : `from ${spec.min}`;
  return `${what} ${from} to ${spec.max}`;
};

/** Parses `text` strictly against `spec`; never guesses (see `NumberSpec`). */
export const parseNumber = (text: string, spec: NumberSpec): ParsedNumber => {
  const form = spec.kind === 'integer' ? INTEGER : DECIMAL;
  const value = form.test(text) ? Number(text) : Number.NaN;
  const aboveMin = spec.minExclusive === true ? value > spec.min : value >= spec.min;
  if (Number.isFinite(value) && aboveMin && value <= spec.max && (spec.kind === 'decimal' || Number.isSafeInteger(value))) return { ok: true, value };
  return { ok: false, expected: describeNumberSpec(spec) };
};
