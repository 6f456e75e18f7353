/** US dollars per million tokens, input and output. */
export interface ModelPrice {
  readonly inputPerMTok: number;
  readonly outputPerMTok: number;
}

/**
 * An estimate, not a bill: list prices per model family as published when this table was
 * written, matched by the longest prefix of the model id. Caching discounts, batch pricing and
 * price changes are ignored; unknown models (local servers) cost 0. Hosts can pass their own.
 */
export const DEFAULT_PRICES: Readonly<Record<string, ModelPrice>> = {
  'claude-opus': { inputPerMTok: 5, outputPerMTok: 25 },
  'claude-opus-4-1': { inputPerMTok: 15, outputPerMTok: 75 },
  'claude-opus-4-0': { inputPerMTok: 15, outputPerMTok: 75 },
  'claude-sonnet': { inputPerMTok: 3, outputPerMTok: 15 },
  'claude-haiku': { inputPerMTok: 1, outputPerMTok: 5 },
  'claude-3-5-haiku': { inputPerMTok: 0.8, outputPerMTok: 4 },
  'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
};

const PER_MILLION = 1_000_000;

/** Estimated cost in USD of one call's tokens on `model`. */
export const estimateCost = (
  model: string,
  inputTokens: number,
  outputTokens: number,
  prices: Readonly<Record<string, ModelPrice>> = DEFAULT_PRICES,
): number => {
  let best: ModelPrice | undefined;
  let bestLength = -1;
  for (const [prefix, price] of Object.entries(prices)) {
    if (model.startsWith(prefix) && prefix.length > bestLength) {
      best = price;
      bestLength = prefix.length;
    }
  }
  if (best === undefined) return 0;
  return (inputTokens * best.inputPerMTok + outputTokens * best.outputPerMTok) / PER_MILLION;
};
