import type { PruneReport } from './effects/prune-event-logs.js';
import type { SessionList } from './open/list-sessions.js';

/** What `engram log list` and `engram log prune` print for a person (their `--json` is the data). Pure. */
export const eventLogText = {
  /** The sessions, oldest first: id, event count, first and last times, where. */
  sessions: ({ where, sessions }: Pick<SessionList, 'where' | 'sessions'>): string =>
    sessions.length === 0 ? `no sessions in ${where}\n` : sessions.map((s) => `${s.sessionId}  ${String(s.events).padStart(6)} events  ${s.firstAt || '-'} .. ${s.lastAt || '-'}  ${s.location}\n`).join(''),
  /** Each file removed (or, on a dry run, that would be), then the count. */
  prune: ({ candidates, removed }: Pick<PruneReport, 'candidates' | 'removed'>, options: { readonly olderThan: number; readonly dryRun?: boolean }): string =>
    `${candidates.map((c) => `${options.dryRun === true ? 'would remove' : removed.includes(c.file) ? 'removed' : 'FAILED to remove'} ${c.file} (${new Date(c.at).toISOString().slice(0, 10)}, by ${c.by})\n`).join('')}${options.dryRun === true ? `${candidates.length} files would be removed` : `${removed.length} files removed`} (older than ${options.olderThan} days)\n`,
};
