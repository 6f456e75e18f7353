import type { AnyEnvelope } from '@engram/events';
import { defaultBasalGangliaParams, describePattern, projectObservations, scoreSummaries, summarizeSessions, type BasalGangliaParams, type PatternKind } from '@engram/basal-ganglia';
import { compareCodeUnits } from '@engram/kernel';

/** One habit pattern's confidence as it stood at the end of each session that had tool calls. */
export interface ConfidenceSeries {
  readonly id: string;
  readonly kind: PatternKind;
  readonly description: string;
  readonly points: readonly { readonly at: string; readonly sessionId: string; readonly confidence: number }[];
}

/** Patterns shown: the strongest at the end; a chart of every chain a long history saw is unreadable. */
const MAX_SERIES = 8;

/**
 * Confidence over time, recomputed from the logs with the habit loop's own scoring
 * (`scoreSummaries`: frequency x consistency x recency over the window ending at each session's
 * last call), so the curve is what `engram instincts analyze` would have said then; pure.
 */
export const confidenceOverTime = (logs: readonly (readonly AnyEnvelope[])[], params: BasalGangliaParams = defaultBasalGangliaParams): ConfidenceSeries[] => {
  const observations = projectObservations(logs.flat());
  const summaries = summarizeSessions(observations, params.recoveryLookahead)
    .filter((s) => s.calls.length > 0)
    .map((s) => ({ s, end: Math.max(...s.calls) }))
    .sort((a, b) => a.end - b.end);
  const series = new Map<string, { kind: PatternKind; tools: readonly string[]; points: { at: string; sessionId: string; confidence: number }[] }>();
  for (let i = 0; i < summaries.length; i++) {
    const { s, end } = summaries[i] as (typeof summaries)[number];
    for (const score of scoreSummaries(summaries.slice(0, i + 1).map((x) => x.s), end, params)) {
      let entry = series.get(score.id);
      if (entry === undefined) series.set(score.id, (entry = { kind: score.kind, tools: score.tools, points: [] }));
      entry.points.push({ at: new Date(end).toISOString(), sessionId: s.sessionId, confidence: Math.round(score.confidence * 1000) / 1000 });
    }
  }
  return [...series]
    .map(([id, v]) => ({ id, kind: v.kind, description: describePattern(v.kind, v.tools), points: v.points }))
    .sort((a, b) => (b.points.at(-1)?.confidence ?? 0) - (a.points.at(-1)?.confidence ?? 0) || compareCodeUnits(a.id, b.id))
    .slice(0, MAX_SERIES);
};
