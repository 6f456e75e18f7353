import type { AnyEnvelope } from '@engram/events';

/**
 * Where the events of a resume end in the log file: the bytes of whole lines read, their SHA-256,
 * their number and their problems. A session on files writes its next checkpoint from here at
 * `suspend()`, if the log still starts with those bytes.
 */
export interface LogPrefix {
  readonly bytes: number;
  readonly hash: string;
  readonly lines: number;
  readonly problems: readonly string[];
}

/** The cores' states after the first `upTo` events of a resume, read from the log's checkpoint. */
export interface CheckpointStates {
  /** `coresKey` of the brain that made them: another brain folds the log instead. */
  readonly cores: string;
  readonly upTo: number;
  readonly states: ReadonlyMap<string, unknown>;
}

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
  /** Where `events` end in the log file (a log on files whose last line is whole; otherwise absent). */
  readonly file?: LogPrefix;
  /** The cores' states from the log's checkpoint, when one matched the log's start: only the events after it are folded. */
  readonly checkpoint?: CheckpointStates;
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
