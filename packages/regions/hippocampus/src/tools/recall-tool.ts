import type { EpisodeProblem } from '../episodes/episode.js';
import { DEFAULT_RECALL_BUDGET_CHARS, formatRecall } from '../episodes/format-recall.js';
import type { EpisodeRecall } from '../episodes/recall-episodes.js';
import { readRecallQuery } from '@engram/kernel';

/** The most episodes one call may ask for: beyond this the answer is cut by the output budget anyway. */
export const MAX_RECALL_RESULTS = 100;
/** About a century: anything larger is a mistake, not a time window. */
export const MAX_DAYS_BACK = 36_500;
/** A query is a phrase to look for; longer text is pasted content, not a search. */
export const MAX_RECALL_QUERY = 500;

/** The tool definition (anton.md §11.2), with the bounds the handler enforces spelled out. */
export const RECALL_TOOL = {
  name: 'recall',
  description:
    'Search your episodic memory of earlier sessions (what the user asked, what you did, what tools returned). Use it only when the user explicitly asks about a previous conversation or session, not for workspace code or data. Ask in plain words (a question works): returns timestamped episodes, most relevant first, each with the rest of its turn and the next. A query in double quotes, or literal: true, finds that exact text instead (case-insensitive), newest first. One call is enough.',
  input_schema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: MAX_RECALL_QUERY, description: 'What to look for, in plain words; "in double quotes" for an exact (case-insensitive) substring.' },
      literal: { type: 'boolean', description: 'Find the query as an exact case-insensitive substring, newest first (default false: ranked by relevance).' },
      max_results: { type: 'integer', minimum: 1, maximum: MAX_RECALL_RESULTS, description: 'Most matching episodes to return (default 20).' },
      days_back: { type: 'integer', minimum: 1, maximum: MAX_DAYS_BACK, description: 'Only episodes from the last N days.' },
    },
    required: ['query'],
    additionalProperties: false,
  },
} as const;

export interface RecallInput {
  readonly query: string;
  /** Anton's literal substring search (a quoted query, or `literal: true`); else ranked. */
  readonly literal?: boolean;
  readonly maxResults?: number;
  readonly daysBack?: number;
}

/** Recall as the handler needs it; `EpisodicMemory` is one. Without `search`, every query is literal. */
export interface EpisodeRecaller {
  recall(query: string, request: { readonly maxResults?: number; readonly daysBack?: number }): EpisodeRecall & { readonly problems?: readonly EpisodeProblem[] };
  search?(query: string, request: { readonly maxResults?: number; readonly daysBack?: number }): EpisodeRecall & { readonly problems?: readonly EpisodeProblem[] };
}

export interface RecallToolDeps {
  /** Null when episodic memory is off or missing. */
  readonly episodes: EpisodeRecaller | null;
  /** Size bound of the answer in characters (default `DEFAULT_RECALL_BUDGET_CHARS`). */
  readonly budgetChars?: number;
  /** Told about unreadable episode lines the catch-up skipped, so they are reported, not lost. */
  readonly onProblems?: (problems: readonly EpisodeProblem[]) => void;
}

type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An optional whole number in [min, max]; models often send `"5"`, which is accepted. */
const wholeNumber = (field: string, v: unknown, min: number, max: number): Parsed<number | undefined> => {
  if (v === undefined || v === null) return { ok: true, value: undefined };
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) return { ok: false, error: `ERROR: ${field} must be a whole number from ${min} to ${max} (got ${JSON.stringify(v)}).` };
  return { ok: true, value: n };
};

/**
 * Validates the tool input (anton.md §11.2, with §15.25's gap closed: a bad number is a clear
 * error, never an exception). An empty query keeps Anton's answer, `No query provided.`.
 */
export const parseRecallInput = (raw: unknown): Parsed<RecallInput> => {
  if (!isRecord(raw)) return { ok: false, error: 'ERROR: recall needs an object like {"query": "csv", "max_results": 10, "days_back": 7}.' };
  const { query, max_results, days_back, literal } = raw;
  if (query !== undefined && query !== null && typeof query !== 'string') return { ok: false, error: `ERROR: query must be a string (got ${JSON.stringify(query)}).` };
  if (literal !== undefined && literal !== null && typeof literal !== 'boolean') return { ok: false, error: `ERROR: literal must be true or false (got ${JSON.stringify(literal)}).` };
  const read = readRecallQuery(query ?? '', literal === true);
  const text = read.text.trim();
  if (text === '') return { ok: false, error: 'No query provided.' };
  if (text.length > MAX_RECALL_QUERY) return { ok: false, error: `ERROR: query is ${text.length} characters long; use a phrase of at most ${MAX_RECALL_QUERY}.` };
  const maxResults = wholeNumber('max_results', max_results, 1, MAX_RECALL_RESULTS);
  if (!maxResults.ok) return maxResults;
  const daysBack = wholeNumber('days_back', days_back, 1, MAX_DAYS_BACK);
  if (!daysBack.ok) return daysBack;
  return { ok: true, value: { query: text, ...(read.literal ? { literal: true } : {}), ...(maxResults.value === undefined ? {} : { maxResults: maxResults.value }), ...(daysBack.value === undefined ? {} : { daysBack: daysBack.value }) } };
};

type RecallResult = EpisodeRecall & { readonly problems?: readonly EpisodeProblem[] };

const answer = (result: RecallResult, deps: Omit<RecallToolDeps, 'episodes'>): string => {
  if (result.problems !== undefined && result.problems.length > 0) deps.onProblems?.(result.problems);
  return formatRecall(result, deps.budgetChars ?? DEFAULT_RECALL_BUDGET_CHARS);
};

const failed = (err: unknown): string => `ERROR: episodic recall failed: ${err instanceof Error ? err.message : String(err)}`;

/** The `recall` tool: validated input in, Anton's formatted episodes out, bounded in size. Never throws. */
export const handleRecall = (raw: unknown, deps: RecallToolDeps): string => {
  if (deps.episodes === null) return 'Episodic memory is not available.';
  const input = parseRecallInput(raw);
  if (!input.ok) return input.error;
  try {
    const { query, literal, ...request } = input.value;
    const episodes = deps.episodes;
    return answer(literal === true || episodes.search === undefined ? episodes.recall(query, request) : episodes.search(query, request), deps);
  } catch (err) {
    return failed(err);
  }
};

/** Recall answered later: an `EpisodeStore` (a database) is one. */
export interface AsyncEpisodeRecaller {
  recall(query: string, request: { readonly maxResults?: number; readonly daysBack?: number }): Promise<RecallResult>;
  search?(query: string, request: { readonly maxResults?: number; readonly daysBack?: number }): Promise<RecallResult>;
}

/**
 * `handleRecall` over a store that answers asynchronously (PostgreSQL): the same validation,
 * answers and bounds, and a failed query (a lost server) is a text starting `ERROR:`. Never rejects.
 */
export const handleRecallAsync = async (raw: unknown, deps: Omit<RecallToolDeps, 'episodes'> & { readonly episodes: AsyncEpisodeRecaller | null }): Promise<string> => {
  if (deps.episodes === null) return 'Episodic memory is not available.';
  const input = parseRecallInput(raw);
  if (!input.ok) return input.error;
  try {
    const { query, literal, ...request } = input.value;
    const episodes = deps.episodes;
    return answer(await (literal === true || episodes.search === undefined ? episodes.recall(query, request) : episodes.search(query, request)), deps);
  } catch (err) {
    return failed(err);
  }
};
