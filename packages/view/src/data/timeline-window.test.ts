import { describe, expect, it } from 'vitest';
import { readDemoLog } from './demo-logs.test-helper.js';
import { timelineItems } from './timeline-items.js';
import { timelineWindow } from './timeline-window.js';

describe('timelineWindow', () => {
  const items = timelineItems(readDemoLog(0)); // 85 items
  const size = 20;

  it('draws one page of at most `size` items, the first by default, and says where it is', () => {
    const w = timelineWindow(items, {}, size);
    expect(w).toMatchObject({ page: 1, pages: Math.ceil(items.length / size), total: items.length, offset: 0 });
    expect(w.items).toEqual(items.slice(0, size));
  });

  it('opens the page holding event `at`, so a link to #e<seq> lands on it', () => {
    for (const seq of [1, 20, 21, 60, items.at(-1)?.seq ?? 0]) {
      const w = timelineWindow(items, { at: seq }, size);
      expect(w.items.map((i) => i.seq), `seq ${seq}`).toContain(seq);
    }
    expect(timelineWindow(items, { at: 10_000 }, size).page).toBe(Math.ceil(items.length / size));
  });

  it('clamps a page out of range, and a whole short session is one page', () => {
    expect(timelineWindow(items, { page: 999 }, size).page).toBe(Math.ceil(items.length / size));
    expect(timelineWindow(items, { page: 0 }, size).page).toBe(1);
    expect(timelineWindow(items, { page: 3 }, size).offset).toBe(40);
    expect(timelineWindow(items)).toMatchObject({ page: 1, pages: 1, items });
    expect(timelineWindow([])).toMatchObject({ page: 1, pages: 1, total: 0, items: [] });
  });
});
