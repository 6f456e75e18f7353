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
 * question is already a near-certain answer, and the steps grow with the pairs of these words.
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
 *   levels over the question's rarest words (at most `MAX_COORDINATED_WORDS`). First the rows
 *   holding all of them, then the three rarest, then each pair of them, the rarest pair first (the
 *   fewest rows together, the highest idf); each over its newest `MAX_SCORED_ROWS` matches. Last,
 *   while the answer is still short, the newest `limit` rows of the rarest word alone (at most
 *   `MAX_SCORED_ROWS`). A row holding more of the question's words is found before one holding
 *   fewer, however old, and each conjunction is cheap: the engines intersect the words' row lists
 *   and read only the rows holding them all. Finding a common word's newest rows is what costs
 *   (PostgreSQL walks the keys or fetches all its rows), so it comes last. (Before, past the cap
 *   only the rarest word's newest 2,000 rows were scored: an older row holding every word of the
 *   question was never found, and finding those rows cost PostgreSQL up to 200 ms.)
 *
 * A row's score is the sum of its step's words' weights, so a row found by more words scores
 * higher than one found by fewer, as it would over all of them.
 */
export const rankingSteps = <W extends CountedWord>(counted: readonly W[], limit: number): RankingStep<W>[] => {
  if (limit <= 0) return [];
  const capped = capWords(counted);
  if (capped.words.length === 0) return [];
  if (!capped.over) return [{ words: capped.words, match: 'any', window: null }];
  const top = [...counted].sort(rarestFirst).slice(0, MAX_COORDINATED_WORDS);
  const all = (words: readonly W[]): RankingStep<W> => ({ words, match: 'all', window: MAX_SCORED_ROWS });
  const steps: RankingStep<W>[] = [];
  if (top.length >= 3) steps.push(all(top));
  if (top.length === 4) steps.push(all(top.slice(0, 3)));
  const pairs: [number, number][] = [];
  for (let j = 1; j < top.length; j++) for (let i = 0; i < j; i++) pairs.push([i, j]);
  // The rarest pair first: the fewest rows expected together (ties, as SQLite's capped counts give, by position).
  const size = ([i, j]: [number, number]) => (top[i]?.n ?? 0) * (top[j]?.n ?? 0);
  pairs.sort((p, q) => size(p) - size(q) || p[0] - q[0] || p[1] - q[1]);
  for (const [i, j] of pairs) steps.push(all([top[i]!, top[j]!]));
  steps.push({ words: top.slice(0, 1), match: 'any', window: Math.min(limit, MAX_SCORED_ROWS) });
  return steps;
};
