import type { AnalysisState } from './analysis-state.js';

/**
 * Where one scope's analysis state is kept between runs (`BrainStores.analysisState`): the
 * `analysis-state.json` file beside the instincts, or a row in PostgreSQL. A cache of the logs:
 * what cannot be read back is an empty state, and the logs are read again.
 */
export interface AnalysisStateStore {
  /** Where, for messages. */
  readonly location: string;
  load(recoveryLookahead: number): Promise<AnalysisState>;
  save(state: AnalysisState): Promise<void>;
}
