/**
 * @packageDocumentation
 * @engram/executive: the executive: the turn lifecycle (XState) and its pure core (`@engram/executive/core`):
 * one folded turn/round/tool-id/breaker/nudge state, and the per-turn circuit breaker's verdicts.
 *
 * Consumes: its own turn, round and tool facts (the core folds them), model answers (llm.call.*),
 *   nudges to show the model (acc.nudge.emitted), memories waiting for the user (cortex.engram.queued).
 * Emits: executive.session.started, executive.session.ended, executive.turn.started,
 *   executive.turn.completed, executive.turn.failed, executive.turn.cancelled, executive.round.started,
 *   executive.round.completed, executive.tool.called, executive.tool.resulted, executive.history.repaired,
 *   executive.history.compacted, executive.cap.exhausted, executive.fallback.resolved, executive.tool.guarded,
 *   executive.guards.configured.
 * Never: runs a tool or calls the model inside the machine's actions (the runtime does, and reports
 *   the outcome as events), or subscribes to the bus itself.
 */
export { turnMachine, DEFAULT_ROUND_CAP, DEFAULT_TURN_TIMEOUT_MS, type TurnMachine, type TurnContext, type TurnEvent, type TurnInput, type StopReason, type MemoryMode } from './turn-machine.js';
export * from './core.js';
