/**
 * How long a server asked us to wait, in ms, from `retry-after-ms` (Anthropic, OpenAI) or
 * `retry-after` (seconds or an HTTP date, RFC 9110 §10.2.3). Undefined when absent or unreadable.
 */
export const parseRetryAfter = (get: (name: string) => string | null | undefined, nowMs: number): number | undefined => {
  const ms = get('retry-after-ms');
  if (ms != null && ms.trim() !== '') {
    const n = Number(ms);
    if (Number.isFinite(n) && n >= 0) return Math.round(n);
  }
  const value = get('retry-after');
  if (value == null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
};
