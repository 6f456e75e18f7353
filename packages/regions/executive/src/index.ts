export { turnMachine, DEFAULT_ROUND_CAP, DEFAULT_TURN_TIMEOUT_MS, type TurnMachine, type TurnContext, type TurnEvent, type TurnInput, type StopReason, type MemoryMode } from './turn-machine.js';
export * from './core.js';
