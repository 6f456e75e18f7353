/**
 * Orders two strings by their UTF-16 code units, as `<` does: the same order on every machine and
 * in every locale, so a file engram writes in that order, or a list replay re-derives, never
 * depends on where it ran. `localeCompare` also cost the first call of each process about 10 ms
 * (ICU builds its collator), paid by every hook that wrote call outcomes.
 */
export const compareCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
