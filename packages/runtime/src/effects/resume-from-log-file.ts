import { readFileSync } from 'node:fs';
import { formatProblem, readLogFile } from '@engram/store';
import { resumeStateOf, type ResumeState } from '../resume-from-log.js';
import { logHashes, readResumeCheckpoint } from './resume-checkpoint-file.js';

/**
 * Reads a session's log to carry the session on in this process; null when there is no log yet
 * (the session is new). Bad lines are skipped and each is passed to `onProblem` as
 * `file:line: field: problem`, so what the log holds intact is never lost to one bad line; a torn
 * last line is cut (and the cut recorded) by the next append, as for any writer.
 *
 * When the checkpoint beside the log (`resumeCheckpointOf`) was made from exactly the bytes the
 * log starts with, its events and states are taken and only the lines after it are read: a hook
 * late in a long session then costs what an early one does. The result is the same either way
 * (`resume-session.prop.test.ts` runs every report both ways).
 */
export const resumeFromLog = (file: string, onProblem: (problem: string) => void = () => undefined): ResumeState | null => {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const found = readResumeCheckpoint(file);
  const cp = found !== null && found.logBytes <= bytes.length && logHashes(bytes, found.logBytes, found.logBytes).at === found.logHash ? found : null;
  const log = readLogFile(file, cp === null ? {} : { fromByte: cp.logBytes, afterSeq: cp.lastSeq, afterLines: cp.lines });
  const problems = [...(cp?.problems ?? []), ...log.problems.map(formatProblem)];
  for (const p of problems) onProblem(p);
  const state = resumeStateOf(cp === null ? log.events : [...cp.events, ...log.events]);
  const covered = (cp?.logBytes ?? 0) + log.bytes;
  // A torn last line is cut by the next append, so the file will not start with these bytes: no prefix to carry on from.
  const prefix = log.tornTail || covered > bytes.length ? undefined : { bytes: covered, hash: cp !== null && covered === cp.logBytes ? cp.logHash : logHashes(bytes, covered, covered).at, lines: log.lines, problems };
  return {
    ...state,
    ...(prefix === undefined ? {} : { file: prefix }),
    ...(cp === null ? {} : { checkpoint: { cores: cp.cores, upTo: cp.events.length, states: new Map(cp.states) } }),
  };
};
