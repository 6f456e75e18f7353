import type { EngramPaths } from '../engram-paths.js';

/** The folders holding event logs: the project's (when there is one), then the global one. */
export const auditLogDirs = (paths: EngramPaths): string[] => [...(paths.projectEventsDir === null ? [] : [paths.projectEventsDir]), paths.globalEventsDir];
