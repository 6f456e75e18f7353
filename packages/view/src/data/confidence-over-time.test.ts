import { describe, expect, it } from 'vitest';
import { defaultBasalGangliaParams, projectObservations, scorePatterns } from '@engram/basal-ganglia';
import { readDemoLog } from './demo-logs.test-helper.js';
import { confidenceOverTime } from './confidence-over-time.js';

describe('confidenceOverTime', () => {
  const logs = [readDemoLog(0), readDemoLog(1)];
  const series = confidenceOverTime(logs);

  it('has a point per session that saw the pattern, in time order', () => {
    expect(series.length).toBeGreaterThan(0);
    for (const s of series) {
      const times = s.points.map((p) => Date.parse(p.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(s.points.length).toBeLessThanOrEqual(2);
    }
    const chain = series.find((s) => s.kind === 'chain');
    expect(chain?.points.map((p) => p.sessionId)).toEqual([logs[0]?.[0]?.sessionId, logs[1]?.[0]?.sessionId]);
  });

  it("ends where the habit loop's own scoring of every call stands at the last session's last call", () => {
    const observations = projectObservations(logs.flat());
    const end = Math.max(...observations.map((o) => o.at));
    const scores = scorePatterns(observations, end, defaultBasalGangliaParams);
    let checked = 0;
    for (const s of series) {
      const last = s.points.at(-1);
      if (last === undefined || last.sessionId !== logs[1]?.[0]?.sessionId) continue;
      checked++;
      expect(last.confidence).toBeCloseTo(scores.find((x) => x.id === s.id)?.confidence ?? -1, 3);
    }
    expect(checked).toBeGreaterThan(0);
  });
});
