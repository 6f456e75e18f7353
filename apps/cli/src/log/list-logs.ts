import { engramPaths } from '@engram/fs';
import { resolve } from 'node:path';
import { activeStore, openActivePostgres } from '../store/active-store.js';
import type { FileSessionSummary } from '@engram/runtime';
import type { SessionFlags } from './session-events.js';

export interface ListLogsOptions extends SessionFlags {
  readonly json?: boolean;
}

/** A session as listed: the file summary's fields (PostgreSQL's rows get the store's location). */
type Listed = FileSessionSummary;

const formatRow = (s: Listed): string => `${s.sessionId}  ${String(s.events).padStart(6)} events  ${s.firstAt || '-'} .. ${s.lastAt || '-'}  ${s.location}`;

/**
 * `engram log list`: the sessions of the active event log, oldest first, with their event counts
 * and first and last times: the file logs of the project and the home (problems on stderr), or
 * the tenant's sessions in PostgreSQL (`--store`/`ENGRAM_STORE`). Exit 2 for a bad setting, 3
 * for a server that cannot be reached, as `engram store`.
 */
export const listLogs = async (opts: ListLogsOptions): Promise<number> => {
  const active = activeStore(opts);
  if (active.kind === 'problem') {
    process.stderr.write(`engram log list: ${active.problem}\n`);
    return 2;
  }
  let where: string;
  let sessions: readonly Listed[];
  if (active.kind === 'files') {
    const paths = engramPaths({ home: opts.home, project: resolve(opts.project ?? process.cwd()) }, process.env);
    const { eventLogDirs, fileSessionSummaries } = await import('@engram/runtime');
    const dirs = eventLogDirs(paths.home, paths.project ?? process.cwd());
    const read = fileSessionSummaries(dirs);
    for (const p of read.problems) process.stderr.write(`note: ${p}\n`);
    where = dirs.join(' and ');
    sessions = read.sessions;
  } else {
    const opened = await openActivePostgres(active);
    if ('exit' in opened) {
      process.stderr.write(`engram log list: ${opened.message}\n`);
      return opened.exit;
    }
    try {
      const { sessionSummaries } = await import('@engram/store-postgres');
      where = `${opened.db.where} (tenant ${opened.db.tenant})`;
      sessions = (await sessionSummaries(opened.db)).map((s) => ({ ...s, location: `postgres:${opened.db.tenant}/events/${s.sessionId}` }));
    } finally {
      await opened.db.close();
    }
  }
  if (opts.json === true) process.stdout.write(`${JSON.stringify({ store: active.kind, where, sessions })}\n`);
  else if (sessions.length === 0) process.stdout.write(`no sessions in ${where}\n`);
  else process.stdout.write(sessions.map((s) => `${formatRow(s)}\n`).join(''));
  return 0;
};
