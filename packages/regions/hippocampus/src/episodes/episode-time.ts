/**
 * Episode times. Records carry `ts` (Anton: `2026-02-27T14:30:52.123456+00:00`); file names
 * carry the session start (`YYYYMMDD_HHMMSS`, Anton in UTC; engram's `YYYYMMDD_HHMMSS_xxxx`
 * in local time). Recall orders and filters by the record's own time (anton.md §15.29), and
 * falls back to the file name only for a record without a readable `ts`.
 */

/** Anton's `ts`: `datetime.now(timezone.utc).isoformat()`. engram writes milliseconds. */
export const isoWithOffset = (ms: number): string => new Date(ms).toISOString().replace(/Z$/, '+00:00');

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/;

/** Milliseconds since the epoch of an ISO-8601 time (no offset = UTC, as Anton writes UTC); null when unreadable. */
export const parseEpisodeTs = (ts: string): number | null => {
  const m = ISO.exec(ts.trim());
  if (m === null) return null;
  const [, y, mo, d, h, mi, s, frac = '', zone = 'Z'] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(frac.padEnd(3, '0').slice(0, 3)));
  if (Number.isNaN(ms)) return null;
  if (zone === 'Z') return ms;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
  return ms - sign * offset;
};

const SESSION_NAME = /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})(?:_[0-9a-f]{4})?\.jsonl$/;

/**
 * The session start a file name encodes, or null. Anton's 15-character names are UTC; engram's
 * (with the hex suffix) are local time. Only a fallback, so a few hours' skew is acceptable.
 */
export const sessionFileTime = (file: string): number | null => {
  const m = SESSION_NAME.exec(file);
  if (m === null) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const local = file.length > 'YYYYMMDD_HHMMSS.jsonl'.length;
  const ms = local ? new Date(y, mo - 1, d, h, mi, s).getTime() : Date.UTC(y, mo - 1, d, h, mi, s);
  return Number.isNaN(ms) ? null : ms;
};

/** Keys reserve this many slots per millisecond, so records of one millisecond keep their line order. */
export const KEY_SLOTS_PER_MS = 1024;
/** Times are clamped below this (year 2248), so every key stays a safe integer (2^43 x 2^10 = 2^53). */
const MAX_KEY_MS = 2 ** 43 - 1;

/**
 * The ordering key of an episode: its time in ms times `KEY_SLOTS_PER_MS`, plus its line
 * within the millisecond. It doubles as the SQLite rowid, so the full-text index streams
 * matches newest first and `days_back` is a rowid range.
 */
export const episodeKey = (ms: number, line: number): number => Math.min(Math.max(Math.floor(ms), 0), MAX_KEY_MS) * KEY_SLOTS_PER_MS + (line % KEY_SLOTS_PER_MS);

/** The smallest key at or after `ms`. */
export const keyAtMs = (ms: number): number => Math.min(Math.max(Math.floor(ms), 0), MAX_KEY_MS) * KEY_SLOTS_PER_MS;
