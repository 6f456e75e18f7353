/** Applies `scrub` to every string inside a JSON-like value (meta objects nest). */
export const scrubValue = (value: unknown, scrub: (text: string) => string): unknown => {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, scrub));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, scrub)]));
  return value;
};
