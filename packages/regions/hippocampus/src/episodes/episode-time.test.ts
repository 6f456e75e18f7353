import { describe, expect, it } from 'vitest';
import { episodeKey, isoWithOffset, KEY_SLOTS_PER_MS, parseEpisodeTs, sessionFileTime } from './episode-time.js';

describe('episode times', () => {
  it("writes Anton's UTC form with an offset and reads it back", () => {
    const ms = Date.parse('2026-02-27T14:30:52.123Z');
    expect(isoWithOffset(ms)).toBe('2026-02-27T14:30:52.123+00:00');
    expect(parseEpisodeTs(isoWithOffset(ms))).toBe(ms);
  });
  it("reads Anton's microseconds, other offsets, Z and no zone (UTC)", () => {
    expect(parseEpisodeTs('2026-02-27T14:30:52.123456+00:00')).toBe(Date.parse('2026-02-27T14:30:52.123Z'));
    expect(parseEpisodeTs('2026-02-27T16:30:52+02:00')).toBe(Date.parse('2026-02-27T14:30:52Z'));
    expect(parseEpisodeTs('2026-02-27T14:30:52Z')).toBe(Date.parse('2026-02-27T14:30:52Z'));
    expect(parseEpisodeTs('2026-02-27T14:30:52')).toBe(Date.parse('2026-02-27T14:30:52Z'));
  });
  it('returns null for unreadable times', () => {
    expect(parseEpisodeTs('')).toBeNull();
    expect(parseEpisodeTs('yesterday')).toBeNull();
  });
  it("reads Anton's UTC file names and engram's local ones", () => {
    expect(sessionFileTime('20260227_143052.jsonl')).toBe(Date.parse('2026-02-27T14:30:52Z'));
    expect(sessionFileTime('20260227_143052_ab12.jsonl')).toBe(new Date(2026, 1, 27, 14, 30, 52).getTime());
    expect(sessionFileTime('zzz.jsonl')).toBeNull();
  });
  it('orders keys by time, then by line within a millisecond', () => {
    expect(episodeKey(1000, 2)).toBeGreaterThan(episodeKey(1000, 1));
    expect(episodeKey(1001, 0)).toBeGreaterThan(episodeKey(1000, KEY_SLOTS_PER_MS - 1));
    expect(Number.isSafeInteger(episodeKey(Date.parse('2200-01-01'), 5))).toBe(true);
    expect(episodeKey(-5, 0)).toBe(0);
  });
});
