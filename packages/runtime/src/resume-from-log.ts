import type { AnyEnvelope } from '@engram/events';
import { formatProblem, readLogFile } from '@engram/store';

/**
 * Where a session's log left off, for a new process to carry the session on (hook-driven hosts
 * start one process per hook). The log is the one source of truth: the session folds `events`
 * through the same cores replay folds (`brainCores`: what was open, the ids it made up, the
 * breaker's streaks), and the bus continues at `lastSeq` and `position`.
 */
export interface ResumeState {
  /** Every intact event of the log, in order: what the cores fold before going live. */
  readonly events: readonly AnyEnvelope[];
  readonly lastSeq: number;
  /** The bus position after the last event: the current turn and round. */
  readonly position: { readonly turn: number; readonly round: number };
  /** The session was closed (`executive.session.ended`); it cannot be resumed. */
  readonly ended: boolean;
}

/** The resume state of a session's events. Pure. */
export const resumeStateOf = (events: readonly AnyEnvelope[]): ResumeState => {
  const last = events.at(-1);
  return {
    events,
    lastSeq: last?.seq ?? 0,
    position: { turn: last?.turn ?? 0, round: last?.round ?? 0 },
    ended: events.some((e) => e.type === 'executive.session.ended'),
  };
};

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
