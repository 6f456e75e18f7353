/**
 * @packageDocumentation
 * @engram/executive: the executive: the turn lifecycle (XState) and the per-turn circuit breaker.
 *
 * Consumes: model answers (llm.call.*), nudges to show the model (acc.nudge.emitted), memories waiting
 *   for the user (cortex.engram.queued).
 * Emits: executive.session.started, executive.session.ended, executive.turn.started,
 *   executive.turn.completed, executive.turn.failed, executive.turn.cancelled, executive.round.started,
 *   executive.round.completed, executive.tool.called, executive.tool.resulted, executive.history.repaired,
 *   executive.cap.exhausted, executive.fallback.resolved, executive.tool.guarded.
 * Never: runs a tool or calls the model inside the machine's actions (the runtime does, and reports
 *   the outcome as events), or subscribes to the bus itself.
 */
export { turnMachine, DEFAULT_ROUND_CAP, DEFAULT_TURN_TIMEOUT_MS, type TurnMachine, type TurnContext, type TurnEvent, type TurnInput, type StopReason, type MemoryMode } from './turn-machine.js';
export { ToolBreaker, defaultBreakerParams, BREAKER_PARAM_REASONS, type BreakerParams, type BreakerLimits, type BreakerVerdict } from './tool-breaker.js';
