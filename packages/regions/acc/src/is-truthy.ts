/**
 * Python truthiness, because Anton's detectors test detail values with `if value:` and traces
 * replayed with `--format anton-acc` carry arbitrary JSON values: empty strings, 0, false, null,
 * empty arrays and empty objects are false.
 */
export const isTruthy = (value: unknown): boolean => {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return typeof value !== 'number' || !Number.isNaN(value);
};
