import { engramPaths } from '@engram/fs';
import type { AnyEnvelope } from '@engram/events';
import { sessionIdProblem } from '@engram/store';
import { resolve } from 'node:path';
import { activeStore, openActivePostgres, type StoreFlags } from '../store/active-store.js';

export interface SessionFlags extends StoreFlags {
  readonly home?: string;
  readonly project?: string;
}

/**
 * Where one session's events are read from: its file log (`file`, read by the file readers as
 * they always were) or PostgreSQL (`lines` as the file log would hold them, and the envelopes).
 * `problem` carries the exit code: 2 a bad setting or id, 3 the server unreachable, 1 not found.
 */
export type SessionEvents =
  | { readonly kind: 'file'; readonly file: string }
  | { readonly kind: 'postgres'; readonly label: string; readonly lines: readonly string[]; readonly events: readonly AnyEnvelope[] }
  | { readonly kind: 'problem'; readonly exit: 1 | 2 | 3; readonly message: string };

/** The session's events from the active event log: PostgreSQL when `--store`/`ENGRAM_STORE` says so, else the file log. */
export const sessionEvents = async (sessionId: string, flags: SessionFlags): Promise<SessionEvents> => {
  const bad = sessionIdProblem(sessionId);
  if (bad !== null) return { kind: 'problem', exit: 2, message: `--session: ${bad}` };
  const active = activeStore(flags);
  if (active.kind === 'problem') return { kind: 'problem', exit: 2, message: active.problem };
  if (active.kind === 'files') {
    const paths = engramPaths({ home: flags.home, project: resolve(flags.project ?? process.cwd()) }, process.env);
    const { sessionLogFile, eventLogDirs } = await import('@engram/runtime');
    const file = sessionLogFile(paths.home, paths.project ?? process.cwd(), sessionId);
    return file === null ? { kind: 'problem', exit: 1, message: `no log of session ${sessionId} in ${eventLogDirs(paths.home, paths.project ?? process.cwd()).join(' or ')}` } : { kind: 'file', file };
  }
  const opened = await openActivePostgres(active);
  if ('exit' in opened) return { kind: 'problem', exit: opened.exit, message: opened.message };
  try {
    const { readEventLines } = await import('@engram/store-postgres');
    const lines = await readEventLines(opened.db, sessionId);
    if (lines.length === 0) return { kind: 'problem', exit: 1, message: `no events of session ${sessionId} in ${opened.db.where} (tenant ${opened.db.tenant})` };
    return { kind: 'postgres', label: `postgres:${opened.db.tenant}/${sessionId}`, lines, events: lines.map((l) => JSON.parse(l) as AnyEnvelope) };
  } finally {
    await opened.db.close();
  }
};
