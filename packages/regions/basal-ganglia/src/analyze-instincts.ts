import type { AnyEnvelope } from '@engram/events';
import { analyzeSummaries } from './analyze-summaries.js';
import type { BasalGangliaParams } from './basal-ganglia-params.js';
import type { Instinct } from './instinct.js';
import type { PatternScore } from './pattern-score.js';
import type { InstinctPlan } from './plan-instincts.js';
import { projectObservations } from './project-observations.js';
import { summarizeSessions } from './session-summary.js';

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

/** The whole loop as one pure function: events -> observations -> per-session summaries -> scores -> instinct plan. */
export const analyzeInstincts = (input: AnalyzeInput): Analysis => {
  const observations = projectObservations(input.events);
  const summaries = summarizeSessions(observations, input.params.recoveryLookahead);
  const { scores, plan } = analyzeSummaries({ ...input, summaries });
  return { observations: observations.length, scores, plan };
};
