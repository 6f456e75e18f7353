import type { ConfidenceLabel, StrategyItem } from './strategy-item.js';
import type { StrategyParams } from './strategy-params.js';

/** A recipe's confidence is a sum of 0.2 steps: 0.4 + 0.2 + 0.2 may come out as 0.7999999999999999. */
const EPSILON = 1e-9;

/** The label a confidence ranks as: labels as they are, numbers (clamped to 0..1) by the recipe cut-offs. */
export const confidenceLabel = (confidence: StrategyItem['confidence'], params: Pick<StrategyParams, 'recipeHighAt' | 'recipeMediumAt'>): ConfidenceLabel => {
  if (typeof confidence === 'string') return confidence;
  const c = Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence)) : 0;
  return c + EPSILON >= params.recipeHighAt ? 'high' : c + EPSILON >= params.recipeMediumAt ? 'medium' : 'low';
};
