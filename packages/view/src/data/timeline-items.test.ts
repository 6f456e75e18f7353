import { describe, expect, it } from 'vitest';
import { readDemoLog } from './demo-logs.test-helper.js';
import { timelineItems, BODY_CHARS } from './timeline-items.js';

describe('timelineItems', () => {
  const events = readDemoLog(0);
  const items = timelineItems(events);

  it('gives every event one item, in log order, anchored at e<seq>', () => {
    expect(items.map((i) => i.seq)).toEqual(events.map((e) => e.seq));
    expect(items.map((i) => i.anchor)).toEqual(events.map((e) => `e${e.seq}`));
    expect(new Set(items.map((i) => i.anchor)).size).toBe(items.length);
  });

  it('marks every failed call and cell as a failure, and nothing that succeeded', () => {
    const failed = new Set(events.filter((e) => (e.type === 'executive.tool.resulted' && !e.data.ok) || (e.type === 'scratchpad.cell.executed' && !e.data.ok) || e.type === 'scratchpad.cell.killed').map((e) => e.seq));
    expect(failed.size).toBe(10);
    expect(new Set(items.filter((i) => i.tone === 'failure').map((i) => i.seq))).toEqual(failed);
  });

  it('shows nudges with the round after which the model saw them, and each lesson with its text', () => {
    const nudges = items.filter((i) => i.tone === 'nudge');
    expect(nudges).toHaveLength(4);
    for (const n of nudges) expect(n.title).toMatch(/^Shown to the model after round \d+: /);
    const lessons = events.filter((e) => e.type === 'acc.lesson.detected' || e.type === 'cerebellum.lesson.learned');
    expect(items.filter((i) => i.tone === 'lesson').map((i) => i.seq)).toEqual(lessons.map((e) => e.seq));
    for (const e of lessons) {
      const text = e.type === 'acc.lesson.detected' ? e.data.rule : e.type === 'cerebellum.lesson.learned' ? e.data.text : '';
      expect(items.find((i) => i.seq === e.seq)?.body).toContain(text);
    }
  });

  it('shows each tool call with its input and the user message of each turn', () => {
    const calls = items.filter((i) => i.type === 'executive.tool.called');
    expect(calls).toHaveLength(7);
    for (const c of calls) expect(c.body).toContain('"action":"exec"');
    expect(items.find((i) => i.type === 'executive.turn.started')?.title).toBe('Summarise Q3 sales by region from sales.csv.');
  });

  it('cuts long bodies so a huge output does not become a huge page', () => {
    const big = events.map((e) => (e.type === 'scratchpad.cell.executed' ? { ...e, data: { ...e.data, ok: true, stdout: 'x'.repeat(10 * BODY_CHARS) } } : e));
    for (const i of timelineItems(big)) expect(i.body.length).toBeLessThanOrEqual(BODY_CHARS);
  });
});
