// Proactive strategy injection (issue 8 item 3): rank rules, lessons and recipes for one tool call.
export type { StrategyItem, StrategyKind, ConfidenceLabel } from './strategy-item.js';
export { STRATEGY_PARAM_REASONS, defaultStrategyParams, DEFAULT_STRATEGY_BUDGET, type StrategyParams } from './strategy-params.js';
export { confidenceLabel } from './confidence-label.js';
export { flattenArgs, strategyQuery } from './strategy-query.js';
export { strategyWhy, type WhyFacts } from './strategy-why.js';
export { formatStrategies, strategyHeader, strategyLine } from './format-strategies.js';
export { rankStrategies, type RankRequest, type RankedStrategy, type StrategyRanking } from './rank-strategies.js';
export { strategiesFromMemory } from './strategies-from-memory.js';
export { strategyInjection, type StrategyTarget } from './strategy-injection.js';
export { staleStrategies, DEFAULT_STALE_AFTER_DAYS, DEFAULT_MIN_INJECTIONS, type InjectionRecord, type StaleOptions, type StaleReport } from './stale-strategies.js';
