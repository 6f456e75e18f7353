/** off: nothing observed; passive: lessons at end of turn only; active: lessons plus mid-turn nudges. */
export type AccMode = 'off' | 'passive' | 'active';

/**
 * The default is `active`, as in Anton's code (its docs say passive, anton.md §16): the nudge
 * reaches the model in the turn where the mistake is happening, which is when it can still
 * change course, and it costs at most one short text block per detector per turn.
 */
export const DEFAULT_ACC_MODE: AccMode = 'active';

/**
 * Reads `ENGRAM_ACC_MODE` (trimmed, any case). Unlike Anton, which silently turns any unknown
 * value into `active` (§15.30), an unknown value falls back to the default *with a warning*
 * the caller shows.
 */
export const parseAccMode = (raw: string | undefined): { readonly mode: AccMode; readonly warning: string | null } => {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return { mode: DEFAULT_ACC_MODE, warning: null };
  if (value === 'off' || value === 'passive' || value === 'active') return { mode: value, warning: null };
  return { mode: DEFAULT_ACC_MODE, warning: `ENGRAM_ACC_MODE=${JSON.stringify(raw)} is not off, passive or active; using ${DEFAULT_ACC_MODE}` };
};
