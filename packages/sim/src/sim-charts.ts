import { learningCurveChart, type BarChartSpec, type LineChartSpec, type ScatterChartSpec } from '@engram/charts';
import type { SimReport, SweepPoint, DetectorReport } from './sim-report.js';

/** Series colours: a sweep setting recedes, Anton's and the recommended setting stand out. */
const SIM_COLORS = { sweep: '#94a3b8', anton: '#ea580c', recommended: '#16a34a', without: '#dc2626' } as const;
/** Dot radii (pixels): Anton's largest so the recommendation drawn on top of it stays visible. */
const DOT = { sweep: 3.5, anton: 7, recommended: 4.5 } as const;

const settingText = (p: SweepPoint): string =>
  Object.entries(p.params)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') || 'none' : String(v)}`)
    .join(' ') || '(anton)';

const point = (p: SweepPoint) => ({
  x: p.recall,
  y: p.precision,
  tooltip: { setting: settingText(p), F1: Number(p.f1.toFixed(3)), 'tp / fp / fn': `${p.tp} / ${p.fp} / ${p.fn}`, 'fires on': `${(p.firingRate * 100).toFixed(1)}% of turns` },
});

/** Precision against recall for every setting of one detector's sweep. */
export const precisionRecallChart = (d: DetectorReport): ScatterChartSpec => ({
  kind: 'scatter',
  x: { label: 'recall', domain: [0, 1] },
  y: { label: 'precision', domain: [0, 1] },
  seriesLabel: 'setting',
  height: 260,
  series: [
    { name: 'sweep setting', color: SIM_COLORS.sweep, size: DOT.sweep, points: d.sweep.map(point) },
    { name: 'anton', color: SIM_COLORS.anton, size: DOT.anton, points: [point(d.anton)] },
    { name: 'recommended', color: SIM_COLORS.recommended, size: DOT.recommended, points: [point(d.recommended)] },
  ],
});

/** Share of turns each detector fires on, anton vs recommended. */
export const firingRateChart = (report: SimReport): BarChartSpec => {
  const series = (name: 'anton' | 'recommended') => ({
    name,
    color: SIM_COLORS[name],
    points: report.detectors.map((d) => ({ x: d.detector, y: d[name].firingRate, tooltip: { detector: d.detector, setting: settingText(d[name]), 'tp / fp / fn': `${d[name].tp} / ${d[name].fp} / ${d[name].fn}` } })),
  });
  return { kind: 'bar', orientation: 'horizontal', x: { label: 'detector' }, y: { label: 'turns it fires on', percent: true }, seriesLabel: 'profile', series: [series('anton'), series('recommended')] };
};

/** Failures per session with learning off, and on with each profile's settings. */
export const efficacyChart = (report: SimReport): LineChartSpec => {
  const sessions = (values: readonly number[]) => values.map((failures, i) => ({ session: `s${i + 1}`, failures, turns: report.efficacy.turnsPerSession }));
  return learningCurveChart([
    { name: 'learning off', color: SIM_COLORS.without, sessions: sessions(report.efficacy.withoutLearning) },
    ...report.efficacy.runs.map((r) => ({ name: `learning on (${r.profile})`, color: r.profile === 'anton' ? SIM_COLORS.anton : SIM_COLORS.recommended, sessions: sessions(r.failuresPerSession) })),
  ]);
};
