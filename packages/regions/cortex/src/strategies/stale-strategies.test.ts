import { describe, expect, it } from 'vitest';
import { staleStrategies, type InjectionRecord } from './stale-strategies.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const injected = (daysAgo: number, ...ids: string[]): InjectionRecord => ({ at: iso(NOW - daysAgo * DAY), data: { items: ids.map((id) => ({ id, kind: 'rule', text: id, why: 'test' })) } });
const many = (n: number, daysAgo: number, ...ids: string[]) => Array.from({ length: n }, () => injected(daysAgo, ...ids));

describe('staleStrategies', () => {
  const items = [
    { id: 'used', seenAt: NOW - 200 * DAY },
    { id: 'never', seenAt: NOW - 200 * DAY },
    { id: 'new', seenAt: NOW - 10 * DAY },
    { id: 'unknown-age', seenAt: null },
    { id: 'used-long-ago', seenAt: NOW - 200 * DAY },
  ];

  it('lists what existed for the whole window and was chosen by no injection in it', () => {
    const events = [...many(25, 5, 'used'), injected(100, 'used-long-ago')];
    const r = staleStrategies(items, events, { nowMs: NOW, maxAgeDays: 60 });
    expect(r).toEqual({ stale: ['never', 'used-long-ago'], injections: 25, windowStartMs: NOW - 60 * DAY, judged: true });
  });

  it('counts an item shown by any target, and once in one event is enough', () => {
    const events = [...many(24, 1), injected(59, 'never', 'used-long-ago', 'used')];
    expect(staleStrategies(items, events, { nowMs: NOW, maxAgeDays: 60 }).stale).toEqual([]);
  });

  it('judges nothing when the window holds too few injections to say anything', () => {
    const r = staleStrategies(items, many(19, 1, 'used'), { nowMs: NOW, maxAgeDays: 60 });
    expect(r.judged).toBe(false);
    expect(r.stale).toEqual([]);
    expect(staleStrategies(items, many(3, 1, 'used'), { nowMs: NOW, maxAgeDays: 60, minInjections: 3 }).stale).toEqual(['never', 'used-long-ago']);
  });

  it('ignores injections outside the window, in the future, or with an unreadable time', () => {
    const events = [...many(3, 1), injected(61, 'never'), { ...injected(0, 'never'), at: iso(NOW + DAY) }, { ...injected(0, 'never'), at: 'yesterday' }];
    const r = staleStrategies(items, events, { nowMs: NOW, maxAgeDays: 60, minInjections: 3 });
    expect(r.injections).toBe(3);
    expect(r.stale).toContain('never');
  });

  it('judges an item written exactly when the window began, and lists an id once', () => {
    const r = staleStrategies([{ id: 'edge', seenAt: NOW - 60 * DAY }, { id: 'edge', seenAt: NOW - 90 * DAY }], many(1, 1), { nowMs: NOW, maxAgeDays: 60, minInjections: 1 });
    expect(r.stale).toEqual(['edge']);
  });
});
