/** Milliseconds in a day: every day-valued parameter is converted once, here and in the window. */
export const DAY_MS = 86_400_000;

/**
 * The one decay of the loop: `0.5^(days since last seen / half-life)`. Scoring uses it as the
 * recency factor and archiving reads the score it produced, so it is never applied twice.
 * A last-seen time after `now` counts as seen now.
 */
export const recency = (lastSeen: number, now: number, halfLifeDays: number): number => {
  const days = Math.max(0, now - lastSeen) / DAY_MS;
  return Math.pow(0.5, days / halfLifeDays);
};
