import { engramPaths } from '@engram/fs';
import { resolve } from 'node:path';
import { eventLogDirs } from '../effects/event-log-files.js';
import { fileSessionSummaries, type FileSessionSummary } from '../effects/file-session-summaries.js';
import { storeSettings } from '../store-settings.js';
import type { MemoryFlags } from './open-active-brain.js';
import { openActivePostgres } from './open-active-postgres.js';

/** The sessions of the active event log, where they are, and what could not be read. */
export interface SessionList {
  readonly store: 'files' | 'postgres';
  readonly where: string;
  /** Oldest first; PostgreSQL's rows get the store's location. */
  readonly sessions: readonly FileSessionSummary[];
  readonly problems: readonly string[];
}

/**
 * The sessions `engram log list` shows: the file logs of the project and the home, or the
 * tenant's sessions in PostgreSQL (`--store`/`ENGRAM_STORE`). A bad setting is a
 * `StoreSettingError`; a store that cannot be opened a `StoreOpenError` (3 unreachable).
 */
export const listSessions = async (flags: MemoryFlags, env: NodeJS.ProcessEnv = process.env): Promise<SessionList> => {
  const settings = storeSettings(flags, env);
  if (settings === null) {
    const paths = engramPaths({ home: flags.home, project: resolve(flags.project ?? process.cwd()) }, env);
    const dirs = eventLogDirs(paths.home, paths.project ?? process.cwd());
    const read = fileSessionSummaries(dirs);
    return { store: 'files', where: dirs.join(' and '), sessions: read.sessions, problems: read.problems };
  }
  const opened = await openActivePostgres(settings);
  if ('error' in opened) throw opened.error;
  try {
    const { sessionSummaries } = await import('@engram/store-postgres');
    const sessions = (await sessionSummaries(opened.db)).map((s) => ({ ...s, location: `postgres:${opened.db.tenant}/events/${s.sessionId}` }));
    return { store: 'postgres', where: `${opened.db.where} (tenant ${opened.db.tenant})`, sessions, problems: [] };
  } finally {
    await opened.db.close();
  }
};
