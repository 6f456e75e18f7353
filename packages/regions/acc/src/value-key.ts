/**
 * A key under which two detail values compare equal the way Python's `==` / set membership
 * would for JSON values: `1`, `1.0` and `true` are one key; strings never equal numbers.
 * Names are almost always strings, so the string case stays allocation-free.
 */
export const valueKey = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return `\u0000n:${value ? 1 : 0}`;
  if (typeof value === 'number') return `\u0000n:${value}`;
  return `\u0000j:${JSON.stringify(value) ?? 'null'}`;
};
