// The Promise facade of the event log: reading, following and appending JSONL logs. Free of
// Effect on purpose (a hook process loads it per tool call); the `EventLog` service, its layers
// and `StoreError` are under `@engram/store/effect`.
export { formatProblem, type LogProblem } from './log-problem.js';
export { readLogFile, type ReadLogOptions, type ReadLogResult } from './effects/read-log-file.js';
export { resumeCheckpointOf } from './resume-checkpoint-of.js';
export { followLogFile, type FollowOptions } from './effects/follow-log-file.js';
export { JsonlLogWriter, type WriterOptions } from './effects/jsonl-log-writer.js';
export { parseLogLine } from './parse-log-line.js';
export { sessionIdProblem } from './session-id-problem.js';
export { redactLogFile, type LogRedaction, type RedactLogOptions } from './effects/redact-log-file.js';
export { computeLogStats, type LogStats } from './log-stats.js';
export { logText } from './log-text.js';
