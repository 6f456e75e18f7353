import { capWords, MAX_SCORED_ROWS, rarestFirst, type CountedWord } from './cap-words.js';

/**
 * One statement of ranked recall: score the rows that match `words` (`any` of them, or `all` of
 * them) by the weighted BM25 of those words, over at most the newest `window` such rows (null:
 * every match, already known to be within `MAX_SCORED_ROWS`), and keep the best.
 */
export interface RankingStep<W extends CountedWord> {
  readonly words: readonly W[];
  readonly match: 'any' | 'all';
  readonly window: number | null;
}

/**
 * The most words a conjunction holds past the cap: a row holding the four rarest words of a
 * question is already a near-certain answer, and every further word is one more statement that
 * usually finds nothing.
 */
export const MAX_COORDINATED_WORDS = 4;

/**
 * How ranked recall chooses the rows it scores, the same in every episode store (SQLite's FTS5,
 * PostgreSQL's full text); each store runs the steps in order, keeps each row once (its first
 * score), and stops once it holds `limit` rows.
 *
 * - Within the cap (`capWords`): one step, every row of the words kept (all of them in a
 *   conversation of hundreds of turns, so it ranks exactly on every word).
 * - Past it, when even the rarest word is in more than `MAX_SCORED_ROWS` rows: coordination
 *   levels. First the rows holding all of the question's rarest words (at most
 *   `MAX_COORDINATED_WORDS`), then all but the commonest of them, down to the two rarest, each
 *   over its newest `MAX_SCORED_ROWS` matches; then the newest `limit` rows of the rarest word
 *   alone (at most `MAX_SCORED_ROWS`). A row holding more of the question's words is found before
 *   one holding fewer, however old, and each step reads few rows: a conjunction of common words is
 *   small, and a word's newest few rows are found by a short walk. (Before, past the cap only the
 *   rarest word's newest 2,000 rows were scored: an older row holding every word of the question
 *   was never found, and finding those 2,000 rows cost PostgreSQL up to 200 ms.)
 *
 * A row's score is the sum of its step's words' weights, so a row found at a level with more words
 * scores higher than one found with fewer, as it would over all of them.
 */
export const rankingSteps = <W extends CountedWord>(counted: readonly W[], limit: number): RankingStep<W>[] => {
  if (limit <= 0) return [];
  const capped = capWords(counted);
  if (capped.words.length === 0) return [];
  if (!capped.over) return [{ words: capped.words, match: 'any', window: null }];
  const rarest = [...counted].sort(rarestFirst);
  const steps: RankingStep<W>[] = [];
  for (let j = Math.min(rarest.length, MAX_COORDINATED_WORDS); j >= 2; j--) steps.push({ words: rarest.slice(0, j), match: 'all', window: MAX_SCORED_ROWS });
  steps.push({ words: rarest.slice(0, 1), match: 'any', window: Math.min(limit, MAX_SCORED_ROWS) });
  return steps;
};
