import { describe, expect, it } from 'vitest';
import { instinctConfidenceChart } from './instinct-confidence-chart.js';
import { learningCurveChart } from './learning-curve-chart.js';
import { memoryHitRateChart } from './memory-hit-rate-chart.js';
import { memoryInjectionsChart } from './memory-injections-chart.js';
import { parseChartSpec } from './parse-chart-spec.js';
import { toPlotDescription } from './plot-description.js';

const entries = [
  { id: 'r1', text: 'Never retry a failing fetch with the same arguments more than once', scope: 'project', injections: 8, hits: 6 },
  { id: 'r2', text: 'same', injections: 4, hits: null },
  { id: 'r3', text: 'same', injections: 0, hits: 0 },
];

describe('the view chart specs', () => {
  it('learning curve: one point per session in order, x the session rank, the session id in the tooltip', () => {
    const spec = parseChartSpec(learningCurveChart([{ name: 'me', sessions: [{ session: 'a', failures: 4, turns: 3 }, { session: 'b', failures: 1, at: '2026-11-02T00:00:00Z' }] }]));
    expect(spec.series[0]?.points).toEqual([
      { x: 1, y: 4, tooltip: { session: 'a', turns: 3 } },
      { x: 2, y: 1, tooltip: { session: 'b', started: '2026-11-02T00:00:00Z' } },
    ]);
    const d = toPlotDescription(spec);
    expect(d.options['x']).toMatchObject({ ticks: [1, 2], tickFormat: 'd', label: 'session' });
    expect(d.options['y']).toMatchObject({ ticks: [0, 1, 2, 3, 4], label: 'failures' });
  });

  it('instinct confidence: time on x, 0-100% on y, one series per instinct', () => {
    const spec = parseChartSpec(instinctConfidenceChart([{ id: 'i1', label: 'says', history: [{ at: '2026-11-01T00:00:00Z', confidence: 0.4 }] }, { id: 'i2', history: [] }]));
    expect(spec.series.map((s) => s.name)).toEqual(['i1', 'i2']);
    const d = toPlotDescription(spec);
    expect(d.xTime).toBe(true);
    expect(d.options['x']).toMatchObject({ type: 'utc' });
    expect(d.options['y']).toMatchObject({ domain: [0, 1], tickFormat: '.0%' });
    expect(d.marks.find((m) => m.mark === 'dot')?.data).toEqual([{ x: '2026-11-01T00:00:00Z', y: 0.4, series: 'i1', r: 3.5, t0: 'says' }]);
  });

  it('memory stats: injections and hits per entry; hit rate with no bar where nothing can be judged; equal texts made unique', () => {
    const counts = parseChartSpec(memoryInjectionsChart(entries));
    expect(counts.series.map((s) => s.points.map((p) => p.y))).toEqual([[8, 4, 0], [6, null, 0]]);
    const names = counts.series[0]?.points.map((p) => p.x);
    expect(names?.[0]).toMatch(/^Never retry a failing fetch .*…$/);
    expect(names?.slice(1)).toEqual(['same [r2]', 'same [r3]']);
    const rate = parseChartSpec(memoryHitRateChart(entries));
    expect(rate.series[0]?.points.map((p) => p.y)).toEqual([0.75, null, null]);
    expect(rate.series[0]?.points[0]?.tooltip).toMatchObject({ entry: 'r1', scope: 'project', injections: 8, hits: 6 });
    const d = toPlotDescription(rate);
    expect(d.marks.find((m) => m.mark === 'barX')?.data).toHaveLength(1);
    // Nothing to judge reads "no data" on the axis: a missing bar and a 0% bar look alike otherwise.
    expect(d.options['fy']).toMatchObject({ domain: [names?.[0], 'same [r2] · no data', 'same [r3] · no data'] });
  });
});
