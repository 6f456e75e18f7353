/**
 * JSON with object keys sorted, so two values compare equal whatever order their keys were
 * built in (a core's draft and the same data read back through the event schema differ in key
 * order, never in meaning). `undefined` members are dropped, as in the log.
 */
export const canonicalJson = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
  return sorted;
});
