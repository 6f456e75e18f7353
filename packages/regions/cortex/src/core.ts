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
