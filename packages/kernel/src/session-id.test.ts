import { describe, expect, it } from 'vitest';
import { isSessionId, newSessionId } from './session-id.js';
import { randomIds, sequentialIds } from './id-source.js';
import { manualClock } from './clock.js';

describe('session ids', () => {
  it('reads YYYYMMDD_HHMMSS_xxxx in local time', () => {
    const t = new Date(2026, 10, 22, 3, 5, 9).getTime();
    expect(newSessionId(t, 'ab12')).toBe('20261122_030509_ab12');
    expect(isSessionId(newSessionId(Date.now()))).toBe(true);
    expect(isSessionId('../x')).toBe(false);
  });
});

describe('id sources', () => {
  it('random ids are unique across sources and within one', () => {
    const a = randomIds();
    const b = randomIds();
    const ids = new Set([...Array.from({ length: 1000 }, () => a.next()), ...Array.from({ length: 1000 }, () => b.next())]);
    expect(ids.size).toBe(2000);
  });
  it('sequential ids count from 1', () => {
    const s = sequentialIds('x');
    expect([s.next(), s.next()]).toEqual(['x-1', 'x-2']);
  });
  it('a manual clock moves only when told', () => {
    const c = manualClock(1000);
    c.advance(5);
    expect(c.now()).toBe(1005);
    c.set(7);
    expect(c.now()).toBe(7);
  });
});
