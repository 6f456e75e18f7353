export { createBrain, parseMemoryMode, type Brain, type BrainOptions } from './create-brain.js';
export { EngramSession, type Nudge, type LearnedLesson, type TurnSummary, type SessionOptions, type MemoryMode, type AccMode } from './engram-session.js';
export { engramPaths, type EngramPaths } from './engram-paths.js';
export { attachCore, type AttachedCore } from './attach-core.js';
export { SessionLog } from './session-log.js';
export { HostReportError, type ToolCallReport, type ToolResultReport, type CellReport } from './host-reports.js';
