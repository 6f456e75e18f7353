import type { BasalGangliaParams } from './basal-ganglia-params.js';
import type { Observation } from './observation.js';
import type { PatternScore } from './pattern-score.js';
import { scoreSummaries } from './score-summaries.js';
import { summarizeSessions } from './session-summary.js';

/**
 * Scores every pattern seen in the window ending at `now` (see `scoreSummaries`): the observations
 * are summarised per session, then scored, so a whole-log analysis and the incremental one that
 * keeps summaries between sessions share one implementation.
 */
export const scorePatterns = (observations: readonly Observation[], now: number, params: BasalGangliaParams): PatternScore[] =>
  scoreSummaries(summarizeSessions(observations, params.recoveryLookahead), now, params);
