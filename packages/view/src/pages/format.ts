/** `2026-11-24 08:29:36` (UTC) from an ISO time; the raw text when it is not one. */
export const shortTime = (iso: string | null): string => {
  if (iso === null) return '-';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toISOString().slice(0, 19).replace('T', ' ');
};

/** A rate as a percentage, `n/a` when there was nothing to judge (never a made-up number). */
export const percent = (rate: number | null): string => (rate === null ? 'n/a' : `${Math.round(rate * 1000) / 10}%`);

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
