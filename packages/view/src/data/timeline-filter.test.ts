import { describe, expect, it } from 'vitest';
import type { TimelineItem } from './timeline-items.js';
import { filterQuery, filterTimeline, timelineFilterOf } from './timeline-filter.js';

const item = (seq: number, type: string, tone: TimelineItem['tone'], title: string, body = ''): TimelineItem => ({ anchor: `e${seq}`, seq, id: `x${seq}`, type, turn: 1, round: 0, at: '2026-11-01T00:00:00.000Z', tone, label: tone, title, body });

const items = [item(1, 'executive.turn.started', 'turn', 'Load the CSV'), item(2, 'executive.tool.resulted', 'failure', 'fetch failed', 'HTTP 429 Too Many Requests'), item(3, 'acc.lesson.detected', 'lesson', 'Back off after a 429'), item(4, 'acc.nudge.emitted', 'nudge', 'You retried three times')];

describe('timeline filter', () => {
  it('narrows by region, by kind and by words in any field, any case', () => {
    expect(filterTimeline(items, timelineFilterOf(new URLSearchParams('region=acc'))).map((i) => i.seq)).toEqual([3, 4]);
    expect(filterTimeline(items, timelineFilterOf(new URLSearchParams('kind=failure'))).map((i) => i.seq)).toEqual([2]);
    expect(filterTimeline(items, timelineFilterOf(new URLSearchParams('q=too+many'))).map((i) => i.seq)).toEqual([2]);
    expect(filterTimeline(items, timelineFilterOf(new URLSearchParams('region=acc&q=429'))).map((i) => i.seq)).toEqual([3]);
    expect(filterTimeline(items, timelineFilterOf(new URLSearchParams('region=all&kind='))).length).toBe(4);
  });

  it('keeps itself across links', () => {
    const f = timelineFilterOf(new URLSearchParams('region=acc&q=a b&collapse=1'));
    expect(filterQuery(f, { page: '2' })).toBe('?region=acc&q=a+b&collapse=1&page=2');
    expect(filterQuery(timelineFilterOf(new URLSearchParams('')))).toBe('');
  });
});
