import type { BasalGangliaParams } from './basal-ganglia-params.js';
import type { Instinct } from './instinct.js';
import type { PatternScore } from './pattern-score.js';
import { planInstincts, type InstinctPlan } from './plan-instincts.js';
import { scoreSummaries } from './score-summaries.js';
import type { SessionSummary } from './session-summary.js';

export interface AnalyzeSummariesInput {
  readonly summaries: Iterable<SessionSummary>;
  readonly existing: readonly Instinct[];
  readonly now: number;
  readonly params: BasalGangliaParams;
  readonly track?: boolean;
  readonly promote?: boolean;
}

/** The loop from per-session summaries: scores -> instinct plan (what the incremental analysis runs at each session's end). */
export const analyzeSummaries = (input: AnalyzeSummariesInput): { readonly scores: PatternScore[]; readonly plan: InstinctPlan } => {
  const scores = scoreSummaries(input.summaries, input.now, input.params);
  const plan = planInstincts({ scores, existing: input.existing, now: input.now, params: input.params, track: input.track ?? true, promote: input.promote ?? false });
  return { scores, plan };
};
