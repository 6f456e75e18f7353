import { buildEvent } from '@engram/events/testing';
import { describe, expect, it } from 'vitest';
import { recordedLog } from './recorded-log-fixture.js';
import { splitBaseTurns } from './split-base-turns.js';

describe('splitBaseTurns', () => {
  it('cuts a log into its turns, from turn.started to the end event, without the ACC judgements or the end-of-turn learning', () => {
    const log = recordedLog(['healthy', 'kills']);
    const { turns, skipped } = splitBaseTurns('a.jsonl', log, []);
    expect(skipped).toEqual([]);
    expect(turns.map((t) => t.turn)).toEqual([1, 2]);
    for (const t of turns) {
      expect(t.events[0]?.type).toBe('executive.turn.started');
      expect(t.events.at(-1)?.type).toBe('executive.turn.completed');
      expect(t.events.some((e) => e.source === 'acc')).toBe(false);
      expect(t.events.some((e) => e.type === 'cortex.engram.proposed')).toBe(false);
    }
    // the recorded ids are kept: perturbation renumbers them
    const second = log.filter((l) => l.event.turn === 2 && l.event.source !== 'acc').map((l) => l.event.id);
    expect(turns[1]?.events.map((e) => e.id)).toEqual(second.slice(0, turns[1]?.events.length));
  });

  it('finds the turn pad, its own tools, its tool rounds, and the detectors that already fire on it under anton', () => {
    const [healthy, kills] = splitBaseTurns('a.jsonl', recordedLog(['healthy', 'kills']), []).turns;
    expect(healthy?.site).toMatchObject({ pad: 'sales', retryTools: ['sql'] });
    expect(healthy?.site.tools.slice(0, 2)).toEqual(['sql', 'fetch']);
    expect(healthy?.site.otherPads).toContain('sales_2');
    expect([...(healthy?.slots.keys() ?? [])]).toEqual([1]);
    expect([...(kills?.slots.keys() ?? [])]).toEqual([1, 2]);
    expect([...(healthy?.firesUnderAnton ?? [])]).toEqual([]);
    expect([...(kills?.firesUnderAnton ?? [])]).toEqual(['acc.kill-loop']);
  });

  it('skips a turn with no end (unfinished) and a turn spanning an unreadable line (damaged), saying where', () => {
    const log = recordedLog(['healthy', 'healthy', 'healthy']);
    const secondEnd = log.findIndex((l) => l.event.turn === 2 && l.event.type === 'executive.turn.completed');
    const withoutEnd = log.filter((_, i) => i !== secondEnd);
    const thirdStart = log.find((l) => l.event.turn === 3 && l.event.type === 'executive.turn.started')?.line ?? 0;
    const { turns, skipped } = splitBaseTurns('b.jsonl', withoutEnd, [thirdStart + 3]);
    expect(turns.map((t) => t.turn)).toEqual([1]);
    expect(skipped.map((s) => [s.turn, s.reason])).toEqual([
      [2, 'unfinished'],
      [3, 'damaged'],
    ]);
    expect(skipped[1]?.detail).toContain(`line ${thirdStart + 3}`);
  });

  it('keeps failed and cancelled turns, and ignores bad lines outside every turn', () => {
    const log = recordedLog(['healthy', 'healthy']).map((l) =>
      l.event.type === 'executive.turn.completed' && l.event.turn === 2 ? { ...l, event: buildEvent('executive.turn.cancelled', { reason: 'host' }, { seq: l.event.seq, turn: 2, round: l.event.round }) } : l,
    );
    const { turns, skipped } = splitBaseTurns('c.jsonl', log, [log.length + 1]);
    expect(skipped).toEqual([]);
    expect(turns[1]?.events.at(-1)?.type).toBe('executive.turn.cancelled');
  });
});
