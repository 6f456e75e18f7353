import type { LineChartSpec } from './chart-spec.js';

/** One instinct and its confidence each time it changed. */
export interface InstinctHistory {
  readonly id: string;
  /** What the instinct says (tooltip). */
  readonly label?: string;
  readonly history: readonly { readonly at: string; readonly confidence: number }[];
}

/** Instinct confidence (0 to 1) over time, one line per instinct; the tooltip names it. */
export const instinctConfidenceChart = (instincts: readonly InstinctHistory[], title?: string): LineChartSpec => ({
  kind: 'line',
  ...(title === undefined ? {} : { title }),
  x: { label: 'time', type: 'time' },
  y: { label: 'confidence', domain: [0, 1], percent: true },
  seriesLabel: 'instinct',
  series: instincts.map((i) => ({
    name: i.id,
    points: i.history.map((h) => ({ x: h.at, y: h.confidence, tooltip: i.label === undefined ? {} : { says: i.label } })),
  })),
});
