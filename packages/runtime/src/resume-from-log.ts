import { formatProblem, readLogFile } from '@engram/store';
import { resumeStateOf, type ResumeState } from './resume-state.js';

/**
 * Reads a session's log to carry the session on in this process; null when there is no log yet
 * (the session is new). Bad lines are skipped and each is passed to `onProblem` as
 * `file:line: field: problem`, so what the log holds intact is never lost to one bad line; a torn
 * last line is cut (and the cut recorded) by the next append, as for any writer.
 */
export const resumeFromLog = (file: string, onProblem: (problem: string) => void = () => undefined): ResumeState | null => {
  let log: ReturnType<typeof readLogFile>;
  try {
    log = readLogFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  for (const p of log.problems) onProblem(formatProblem(p));
  return resumeStateOf(log.events);
};
