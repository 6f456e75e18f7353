import { statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { readTextContained } from '@engram/fs';
import { formatProblem, readLogFile } from '@engram/store';
import type { SessionLogs, StoredLog } from '../session-logs.js';
import { jsonlFilesIn } from './event-log-files.js';
import { compareCodeUnits } from '@engram/kernel';

/**
 * The JSONL logs directly in `dirs` (the project's events folder, then the global one), in
 * session order across them; a log's size and modification time say whether it changed.
 */
export const fileSessionLogs = (dirs: readonly string[]): SessionLogs => ({
  list: () => {
    const logs: StoredLog[] = [];
    for (const file of dirs.flatMap(jsonlFilesIn).sort((a, b) => compareCodeUnits(basename(a), basename(b)))) {
      try {
        const { size, mtimeMs } = statSync(file);
        logs.push({ sessionId: basename(file, '.jsonl'), location: file, size, changedAt: mtimeMs });
      } catch {
        // gone between listing and stat
      }
    }
    return Promise.resolve(logs);
  },
  read: (log, options = {}) => {
    // Contained: a log in an events folder is read only when it is a regular file, never through a link.
    if (options.ifHolds !== undefined && !(readTextContained(dirname(log.location), log.location) ?? '').includes(JSON.stringify(options.ifHolds))) return Promise.resolve({ events: [], problems: [] });
    const r = readLogFile(log.location);
    return Promise.resolve({ events: r.events, problems: r.problems.map(formatProblem) });
  },
});
