import { bm25Tokens } from '../bm25-tokens.js';
import { recallStem } from './recall-stem.js';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The terms the ranking counts in a text: the BM25 tokens (stop words and short words dropped), stemmed, in order. */
export const recallTerms = (text: string): string[] => bm25Tokens(text).map(recallStem);

/**
 * A date as words a question can match ("in May 2023", "last June"): the month's name and the
 * year, as terms (UTC). Empty for no date.
 */
export const dateTerms = (ms: number | null | undefined): string[] => {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return [];
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return [];
  return [recallStem(MONTHS[d.getUTCMonth()] ?? ''), String(d.getUTCFullYear())];
};

/** The date of a text in ISO form (`2023-05-08T13:56:00Z`, an episode's `ts`), or null. */
export const isoMs = (iso: string | null | undefined): number | null => {
  if (iso === null || iso === undefined || iso === '') return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};
