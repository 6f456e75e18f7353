import type { AnyEnvelope } from '@engram/events';
import type { BasalGangliaParams } from './basal-ganglia-params.js';
import type { Instinct } from './instinct.js';
import type { PatternScore } from './pattern-score.js';
import { planInstincts, type InstinctPlan } from './plan-instincts.js';
import { projectObservations } from './project-observations.js';
import { scorePatterns } from './score-patterns.js';

export interface AnalyzeInput {
  readonly events: Iterable<AnyEnvelope>;
  readonly existing: readonly Instinct[];
  readonly now: number;
  readonly params: BasalGangliaParams;
  readonly track?: boolean;
  readonly promote?: boolean;
}

export interface Analysis {
  readonly observations: number;
  readonly scores: PatternScore[];
  readonly plan: InstinctPlan;
}

/** The whole offline loop as one pure function: events -> observations -> scores -> instinct plan. */
export const analyzeInstincts = (input: AnalyzeInput): Analysis => {
  const observations = projectObservations(input.events);
  const scores = scorePatterns(observations, input.now, input.params);
  const plan = planInstincts({ scores, existing: input.existing, now: input.now, params: input.params, track: input.track ?? true, promote: input.promote ?? false });
  return { observations: observations.length, scores, plan };
};
