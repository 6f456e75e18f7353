import { describe, expect, it } from 'vitest';
import { inWindow } from './in-window.js';
import { DAY_MS, recency } from './recency.js';

describe('recency', () => {
  it('halves every half-life', () => {
    expect(recency(0, 0, 7)).toBe(1);
    expect(recency(0, 7 * DAY_MS, 7)).toBeCloseTo(0.5, 12);
    expect(recency(0, 14 * DAY_MS, 7)).toBeCloseTo(0.25, 12);
  });

  it("gives the seed's decay: 90% unseen for 14 days is 22.5%", () => {
    expect(0.9 * recency(0, 14 * DAY_MS, 7)).toBeCloseTo(0.225, 12);
  });

  it('counts a time after now as seen now', () => {
    expect(recency(DAY_MS, 0, 7)).toBe(1);
  });
});

describe('inWindow', () => {
  it('is (now - window, now]', () => {
    const now = 10 * DAY_MS;
    expect(inWindow(now, now, 7)).toBe(true);
    expect(inWindow(3 * DAY_MS + 1, now, 7)).toBe(true);
    expect(inWindow(3 * DAY_MS, now, 7)).toBe(false);
    expect(inWindow(now + 1, now, 7)).toBe(false);
  });
});
