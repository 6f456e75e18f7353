/**
 * Timestamps: engram keeps the full time in UTC (`at:2026-11-22T03:15:00.123Z`) and also
 * writes Anton's day field (`ts:2026-11-22`, the UTC day), so Anton still reads a date while
 * engram orders entries within a day (anton.md §15.27).
 */
export const isoUtc = (ms: number): string => new Date(ms).toISOString();

export const dayOf = (iso: string): string => iso.slice(0, 10);

const DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;

/** Reads Anton's `ts` (`%Y-%m-%d`, which also accepts one-digit month and day); null when invalid. */
export const parseDay = (value: string): string | null => {
  const m = DAY.exec(value);
  if (m === null) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/** Reads engram's `at`; null when it is not a valid UTC instant. */
export const parseInstant = (value: string): string | null => (INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? value : null);
