export { createBrain, parseMemoryMode, type Brain, type BrainOptions, type SessionOpenOptions } from './create-brain.js';
export { EngramSession, type Nudge, type LearnedLesson, type TurnSummary, type SessionOptions, type MemoryMode, type AccMode } from './engram-session.js';
export { engramPaths, type EngramPaths } from './engram-paths.js';
export { attachCore, type AttachedCore } from './attach-core.js';
export { SessionLog } from './session-log.js';
export { HostReportError, type ToolCallReport, type ToolResultReport, type CellReport } from './host-reports.js';
export { learnedFromLog, type LearnedItem } from './learned-from-log.js';
// Type-only: session-llm.js and run-turn.js load Effect and the LLM package, so only a session with a model loads them.
export type { LlmSource } from './session-llm.js';
export { type TurnResult } from './engram-session.js';
export type { TurnOptions, TurnStopReason } from './run-turn.js';
export { type FallbackStep, type FallbackAttempt, type FallbackOutcome } from './fallback-chain.js';
export { resumeSession } from './resume-session.js';
export { resumeStateOf, type ResumeState } from './resume-from-log.js';
