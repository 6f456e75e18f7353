import type { LineChartSpec } from './chart-spec.js';

/** One session of a learning curve. */
export interface SessionFailures {
  /** The session id (shown in the tooltip). */
  readonly session: string;
  readonly failures: number;
  /** When it started (ISO), shown in the tooltip. */
  readonly at?: string;
  readonly turns?: number;
}

export interface LearningCurveSeries {
  readonly name: string;
  readonly sessions: readonly SessionFailures[];
  readonly color?: string;
}

/**
 * Failures per session, in session order (the learning curve: it should fall as lessons are
 * learned). One series per agent or setting; x is the session's rank (1, 2, ...), the tooltip
 * names the session.
 */
export const learningCurveChart = (series: readonly LearningCurveSeries[], title?: string): LineChartSpec => ({
  kind: 'line',
  ...(title === undefined ? {} : { title }),
  x: { label: 'session', type: 'number', integer: true },
  y: { label: 'failures', integer: true },
  seriesLabel: 'agent',
  series: series.map((s) => ({
    name: s.name,
    ...(s.color === undefined ? {} : { color: s.color }),
    points: s.sessions.map((p, i) => ({
      x: i + 1,
      y: p.failures,
      tooltip: { session: p.session, ...(p.at === undefined ? {} : { started: p.at }), ...(p.turns === undefined ? {} : { turns: p.turns }) },
    })),
  })),
});
