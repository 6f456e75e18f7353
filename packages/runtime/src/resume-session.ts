import { join } from 'node:path';
import { sessionIdProblem } from '@engram/store';
import type { EngramPaths } from './engram-paths.js';
import { resumeFromLog } from './effects/resume-from-log-file.js';
import type { ResumeState } from './resume-from-log.js';

/**
 * The resume state of a session by id, read from its log under the session's events folder;
 * null when the session has no log yet. The id names a file, so an unsafe one is refused.
 */
export const resumeSession = (paths: EngramPaths, sessionId: string, onProblem?: (problem: string) => void): ResumeState | null => {
  const bad = sessionIdProblem(sessionId);
  if (bad !== null) throw new Error(`cannot resume: ${bad}`);
  return resumeFromLog(join(paths.eventsDir, `${sessionId}.jsonl`), onProblem);
};
