import { episodePaths } from '../episodes/episodic-memory.js';
import { EpisodeIndex } from './episode-index.js';

/** What `capAgreement` measured: the questions past the cap, and how much of the uncapped answer the ranked one holds. */
export interface CapAgreement {
  /** Questions whose every word is in more than `MAX_SCORED_ROWS` episodes (the others rank on every match: nothing to compare). */
  readonly pastCap: number;
  /** Over those questions, the mean share of BM25's best `limit` over every match that ranked recall's best `limit` holds (1: the same rows). */
  readonly overlap: number;
}

/**
 * For benches (`engram bench recall-scale`): how closely ranked recall past the cap
 * (`rankingSteps`) agrees with ranking every match, on a project's episode index. Opens its own
 * connection to the index, catches it up, and scores each question past the cap both ways (the
 * uncapped way costs a second or more a question at a million episodes).
 */
export const capAgreement = (projectDir: string, questions: readonly string[], limit: number): CapAgreement => {
  const index = new EpisodeIndex(episodePaths(projectDir));
  try {
    index.sync();
    let pastCap = 0;
    let shared = 0;
    for (const q of questions) {
      const uncapped = index.rankedUncapped(q, limit);
      if (!uncapped.pastCap || uncapped.rows.length === 0) continue;
      const best = new Set(uncapped.rows.map((r) => r.episode.key));
      pastCap++;
      shared += index.ranked(q, { limit }).filter((r) => best.has(r.episode.key)).length / best.size;
    }
    return { pastCap, overlap: pastCap === 0 ? 0 : shared / pastCap };
  } finally {
    index.close();
  }
};
