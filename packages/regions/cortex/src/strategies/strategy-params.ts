import type { ConfidenceLabel } from './strategy-item.js';

/**
 * The weights of strategy ranking (docs/strategy-injection.md), in one typed object so the
 * simulation can sweep them. `STRATEGY_PARAM_REASONS` gives the reason for each field; its type
 * makes a field without a reason a compile error.
 */
export interface StrategyParams {
  /** Days after which the fresh part of the recency weight has halved. */
  readonly recencyHalfLifeDays: number;
  /** The recency weight of something very old (or of unknown age), 0..1. */
  readonly recencyFloor: number;
  /** Multipliers by confidence. */
  readonly confidenceWeights: Readonly<Record<ConfidenceLabel, number>>;
  /** A recipe's 0..1 confidence from which it counts as high. */
  readonly recipeHighAt: number;
  /** A recipe's 0..1 confidence from which it counts as medium (below: low). */
  readonly recipeMediumAt: number;
  /** Text relevance (0..1, a share of the best match) below which an item that does not name the tool is left out. */
  readonly minRelevance: number;
  /** Added to the 0..1 text relevance when the item names the tool being called. */
  readonly toolMatchBoost: number;
  /** Most items put in front of one call, whatever the budget left. */
  readonly maxItems: number;
  /** Characters of flattened tool arguments that join the query. */
  readonly maxArgChars: number;
  /** Matching terms named in an item's `why`. */
  readonly whyTerms: number;
}

export const STRATEGY_PARAM_REASONS: { readonly [K in keyof StrategyParams]: string } = {
  recencyHalfLifeDays:
    'A month: a lesson not refreshed for 30 days weighs 3/4 of a fresh one (with the floor at 1/2). Rules live for months, so recency should break near-ties, not bury the old ones.',
  recencyFloor:
    'An old rule that matches the call well must still beat a fresh one that barely matches: at 1/2, age can at most halve a score. Unknown ages (hand-written entries) get the floor: they earn nothing for being recent.',
  confidenceWeights:
    "High counts fully; medium (Anton's default when confidence is missing) at 0.8; low at 0.6, so a low-confidence item needs about 1.7x the relevance to beat a high-confidence one.",
  recipeHighAt: 'The recipe store starts a recipe at 0.4 and adds 0.2 per session that learns it again: three sightings (0.8) make it a habit.',
  recipeMediumAt: 'Two sightings (0.6) are medium; a recipe seen once (0.4) is a hint, low.',
  minRelevance:
    'A quarter of the best match is one shared common word ("payroll", "byte"), not a shared topic; injecting such items before every call costs tokens and attention for nothing. Zero would keep every item that shares any word.',
  toolMatchBoost:
    'A recipe triggered by this very tool is relevant even when the turn uses other words; 0.5 is half the best text match, so a strong text match still outranks a tool match alone.',
  maxItems: 'Tips injected before every call: past five, the model skims them, and ten calls a turn would repeat them ten times.',
  maxArgChars: "A write_file's content or a long SQL query would otherwise drown the turn's own words in the query (and cost tokenising); the first 2,000 characters hold the path, the command, the table.",
  whyTerms: 'Three terms say why an item was chosen; more make the audit line unreadable.',
};

export const defaultStrategyParams: StrategyParams = Object.freeze({
  recencyHalfLifeDays: 30,
  recencyFloor: 0.5,
  confidenceWeights: Object.freeze({ high: 1, medium: 0.8, low: 0.6 }),
  recipeHighAt: 0.8,
  recipeMediumAt: 0.6,
  minRelevance: 0.25,
  toolMatchBoost: 0.5,
  maxItems: 5,
  maxArgChars: 2000,
  whyTerms: 3,
});

/**
 * Tokens of one pre-call block by default: five one-line tips and the heading come to about 150
 * to 250 tokens, and a turn of ten tool calls then spends at most 2,500 tokens on them (Anton's
 * lesson budget is 1,000 tokens per scope for the whole turn).
 */
export const DEFAULT_STRATEGY_BUDGET = 250;
