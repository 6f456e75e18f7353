// The cortex's pure cores (the gate and sleep-replay consolidation), without its effects: what `brainCores` and replay load.
export { cortexCore, type CortexState, type CortexParams } from './cortex-core.js';
export { gateDecision, type GateDecision } from './gate-decision.js';
export { routeScope } from './route-scope.js';
export { DEFAULT_MEMORY_MODE, type MemoryMode } from './memory-mode.js';
export { pendingIdFor } from './pending-item.js';
export { consolidationCore, defaultConsolidationParams, type ConsolidationState, type ConsolidationParams } from './consolidation/index.js';
export { planMemorize, memorizeResultText, MEMORIZE_TOOL_NAME, type MemorizePlan, type MemorizeEntryResult, type MemorizeOutcome } from './memorize-tool.js';
export { screenText, quotedFrom, quarantineIdFor, type QuarantineReason } from './quarantine/index.js';
export { memoryCore, type MemoryCoreState, type MemoryCoreParams } from './memory/memory-core.js';
export { snapshotOf, type MemorySnapshot } from './memory/context-read.js';
export { DEFAULT_STRATEGY_BUDGET } from './strategies/strategy-params.js';
export { flattenArgs } from './strategies/strategy-query.js';
export { rankStrategies } from './strategies/rank-strategies.js';
export { strategiesFromMemory } from './strategies/strategies-from-memory.js';
export { strategyInjection } from './strategies/strategy-injection.js';
export { formatStrategies } from './strategies/format-strategies.js';
export type { StrategyItem } from './strategies/strategy-item.js';
export type { ContextInjection } from './injected-item.js';
