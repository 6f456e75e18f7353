// `@engram/cortex/consolidation-effects`: sleep-replay extraction through the LLM port (Effect
// `Llm` service or a Promise client). A separate entry point so that the cortex root loads neither
// Effect nor the LLM package: a session without a model never consolidates.
export type { ReplayOutcome } from './replay-outcome.js';
export { runReplay } from './run-replay.js';
export { consolidateOnTurnEnd } from './consolidate-on-turn-end.js';
export { consolidateTurnEnd, type ReplayModel } from './consolidate-turn-end.js';
