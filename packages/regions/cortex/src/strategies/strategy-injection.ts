import type { ContextInjection } from '../injected-item.js';
import type { StrategyRanking } from './rank-strategies.js';

/** Where a strategy block goes: before one call, or into the tool's description. */
export type StrategyTarget = Extract<ContextInjection['target'], 'pre-call' | 'tool-description'>;

/** The `cortex.context.injected` data of a ranking, for the runtime to publish (nothing to publish when `items` is empty). */
export const strategyInjection = (ranking: StrategyRanking, tool: string, target: StrategyTarget): ContextInjection => ({
  target,
  tool,
  items: ranking.chosen.map((c) => ({ id: c.item.id, kind: c.item.kind, text: c.item.text, why: c.why })),
  tokens: ranking.tokens,
});
