import type { AnyEnvelope } from '@engram/events';

/** One session as the Sessions list shows it. */
export interface SessionRow {
  /** The log's name without `.jsonl` (the session id for logs engram writes). */
  readonly id: string;
  readonly file: string;
  readonly startedAt: string | null;
  readonly lastAt: string | null;
  readonly turns: number;
  /** Tool calls that failed (a log with no tool results: failed or killed cells). */
  readonly failures: number;
  /** What the session learned: ACC and cerebellum lessons, recovery recipes. */
  readonly lessons: number;
  readonly nudges: number;
  readonly encodings: number;
  readonly events: number;
  /** The message that opened the first turn, for the list. */
  readonly firstMessage: string | null;
  /** No `executive.session.ended` yet: the log may still grow. */
  readonly open: boolean;
  /** A process holds the session now (a running chat); set by the reader, false from the log alone. */
  readonly live: boolean;
}

/** Is this log a session's (a turn or a session start), not a command's record of promotions or removals? */
export const isSessionLog = (events: readonly AnyEnvelope[]): boolean => events.some((e) => e.type === 'executive.session.started' || e.type === 'executive.turn.started');

/** Counts a session's log for the list; pure. */
export const sessionRow = (id: string, file: string, events: readonly AnyEnvelope[]): SessionRow => {
  let turns = 0;
  let toolFailures = 0;
  let toolResults = 0;
  let cellFailures = 0;
  let lessons = 0;
  let nudges = 0;
  let encodings = 0;
  let firstMessage: string | null = null;
  let open = true;
  for (const e of events) {
    if (e.type === 'executive.turn.started') {
      turns++;
      firstMessage ??= e.data.message;
    } else if (e.type === 'executive.tool.resulted') {
      toolResults++;
      if (!e.data.ok) toolFailures++;
    } else if ((e.type === 'scratchpad.cell.executed' && !e.data.ok) || e.type === 'scratchpad.cell.killed') cellFailures++;
    else if (e.type === 'acc.lesson.detected' || e.type === 'cerebellum.lesson.learned' || e.type === 'cerebellum.call.learned' || e.type === 'basal-ganglia.recipe.learned') lessons++;
    else if (e.type === 'acc.nudge.emitted') nudges++;
    else if (e.type === 'hippocampus.engram.encoded' && e.data.outcome !== 'empty') encodings++;
    else if (e.type === 'executive.session.ended') open = false;
  }
  return {
    id,
    file,
    startedAt: events[0]?.at ?? null,
    lastAt: events.at(-1)?.at ?? null,
    turns,
    failures: toolResults > 0 ? toolFailures : cellFailures,
    lessons,
    nudges,
    encodings,
    events: events.length,
    firstMessage,
    open,
    live: false,
  };
};
