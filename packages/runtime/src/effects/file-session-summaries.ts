import { basename } from 'node:path';
import { formatProblem, readLogFile } from '@engram/store';
import { jsonlFilesIn } from './event-log-files.js';
import { compareCodeUnits } from '@engram/kernel';

/** One session log file, summed up as `engram log list` shows it (the same fields PostgreSQL's `sessionSummaries` gives, plus the file). */
export interface FileSessionSummary {
  readonly sessionId: string;
  readonly events: number;
  readonly lastSeq: number;
  readonly firstAt: string;
  readonly lastAt: string;
  readonly location: string;
}

/**
 * Every session log (`*.jsonl`) in `dirs` (the project's folder, then the global one), oldest
 * session id first, each with its intact events' count, last seq and first and last times. A bad
 * line is a problem (`file:line: field: problem`) and skipped; an unreadable file is a problem too.
 */
export const fileSessionSummaries = (dirs: readonly string[]): { readonly sessions: readonly FileSessionSummary[]; readonly problems: readonly string[] } => {
  const files = dirs.flatMap(jsonlFilesIn).sort((a, b) => compareCodeUnits(basename(a), basename(b)));
  const sessions: FileSessionSummary[] = [];
  const problems: string[] = [];
  for (const file of files) {
    let events = 0;
    let lastSeq = 0;
    let firstAt = '';
    let lastAt = '';
    try {
      const r = readLogFile(file, {
        onEvent: (e) => {
          events += 1;
          lastSeq = e.seq;
          if (firstAt === '') firstAt = e.at;
          lastAt = e.at;
        },
      });
      for (const p of r.problems) problems.push(formatProblem(p));
    } catch (err) {
      problems.push(`${file}: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    sessions.push({ sessionId: basename(file, '.jsonl'), events, lastSeq, firstAt, lastAt, location: file });
  }
  return { sessions, problems };
};
