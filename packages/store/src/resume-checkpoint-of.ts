/**
 * The file beside a session's JSONL log where the runtime keeps what resuming the session derives
 * from it (its events parsed and every core's state), so the next process of a hook-driven session
 * reads the log's new lines instead of folding all of it. It is a cache of the log: anything that
 * rewrites or removes a log removes it too, since it holds the log's text.
 */
export const resumeCheckpointOf = (logFile: string): string => `${logFile}.resume`;
