import { InvalidArgumentError } from 'commander';
import { parseNumber, type NumberSpec } from '@engram/kernel';

/**
 * A commander argument parser for a numeric flag: strict (`parseNumber`), so a usage error
 * (exit 2) names the allowed form instead of a typo becoming 0 or NaN.
 */
export const numberOption =
  (spec: NumberSpec) =>
  (text: string): number => {
    const r = parseNumber(text, spec);
    if (!r.ok) throw new InvalidArgumentError(`expected ${r.expected}, got ${JSON.stringify(text)}`);
    return r.value;
  };
