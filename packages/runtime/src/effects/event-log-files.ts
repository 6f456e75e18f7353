import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { engramPaths } from '@engram/fs';
import type { AnyEnvelope } from '@engram/events';
import { formatProblem, readLogFile } from '@engram/store';
import { compareCodeUnits } from '@engram/kernel';

/** The folders holding event logs: the project's, then the global one (DESIGN.md, storage). */
export const eventLogDirs = (home: string, project: string): string[] => {
  const paths = engramPaths({ home, project }, {});
  return [paths.eventsDirOf('project'), paths.globalEventsDir];
};

/** The file log of one session (`<dir>/<id>.jsonl`, the project's folder first), or null when neither folder has it. */
export const sessionLogFile = (home: string, project: string, sessionId: string): string | null => eventLogDirs(home, project).map((d) => join(d, `${sessionId}.jsonl`)).find((f) => existsSync(f)) ?? null;

/** `*.jsonl` files directly in `dir`, sorted by name (session ids sort by time); none when it is missing. */
export const jsonlFilesIn = (dir: string): string[] => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isFile() && d.name.endsWith('.jsonl'))
      .map((d) => join(dir, d.name))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
};

export interface EventLogs {
  /** The log files read, in session order. */
  readonly files: string[];
  /** Each file's intact events, in the same order. */
  readonly logs: AnyEnvelope[][];
  /** Bad lines (`file:line: field: problem`) and files that could not be read; none stops the reading. */
  readonly problems: string[];
}

/**
 * Every event log (`*.jsonl`) in the given folders, in session order across them: session ids start
 * with their local start time, so sorting by file name is time order. A bad line is reported and
 * skipped, an unreadable file reported: what the rest holds is still read.
 */
export const readEventLogs = (dirs: readonly string[]): EventLogs => {
  const files = dirs.flatMap(jsonlFilesIn).sort((a, b) => compareCodeUnits(basename(a), basename(b)));
  const logs: AnyEnvelope[][] = [];
  const problems: string[] = [];
  for (const file of files) {
    try {
      const r = readLogFile(file);
      logs.push(r.events);
      for (const p of r.problems) problems.push(formatProblem(p));
    } catch (err) {
      logs.push([]);
      problems.push(`${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { files, logs, problems };
};
