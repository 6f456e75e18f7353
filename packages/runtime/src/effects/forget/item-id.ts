/** A string id of a JSON item, if it has one under a usual name (for the preview's list of ids). */
export const itemId = (v: unknown): string | null => {
  if (v === null || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  for (const k of ['id', 'pendingId', 'recipeId', 'instinctId', 'label']) if (typeof o[k] === 'string') return o[k];
  return null;
};
