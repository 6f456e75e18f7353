import type { AnyEnvelope } from '@engram/events';
import { engramPaths } from '@engram/fs';
import { sessionIdProblem } from '@engram/store';
import { resolve } from 'node:path';
import { eventLogDirs, sessionLogFile } from '../effects/event-log-files.js';
import { StoreSettingError, storeSettings } from '../store-settings.js';
import type { MemoryFlags } from './open-active-brain.js';
import { openActivePostgres } from './open-active-postgres.js';
import type { StoreOpenError } from './store-open-error.js';
import { SessionLogError } from './session-log-error.js';

/**
 * Where one session's events are read from: its file log (`file`, read by the file readers as
 * they always were) or PostgreSQL (`lines` as the file log would hold them, and the envelopes).
 * `problem` carries the tagged error (the CLI reads its exit code from the tag).
 */
export type SessionEvents =
  | { readonly kind: 'file'; readonly file: string }
  | { readonly kind: 'postgres'; readonly label: string; readonly lines: readonly string[]; readonly events: readonly AnyEnvelope[] }
  | { readonly kind: 'problem'; readonly error: SessionLogError | StoreSettingError | StoreOpenError };

/** The session's events from the active event log: PostgreSQL when `--store`/`ENGRAM_STORE` says so, else the file log. */
export const sessionEvents = async (sessionId: string, flags: MemoryFlags, env: NodeJS.ProcessEnv = process.env): Promise<SessionEvents> => {
  const bad = sessionIdProblem(sessionId);
  if (bad !== null) return { kind: 'problem', error: new SessionLogError({ reason: 'bad-id', message: `--session: ${bad}` }) };
  let settings;
  try {
    settings = storeSettings(flags, env);
  } catch (err) {
    if (err instanceof StoreSettingError) return { kind: 'problem', error: err };
    throw err;
  }
  if (settings === null) {
    const paths = engramPaths({ home: flags.home, project: resolve(flags.project ?? process.cwd()) }, env);
    const file = sessionLogFile(paths.home, paths.project ?? process.cwd(), sessionId);
    return file === null ? { kind: 'problem', error: new SessionLogError({ reason: 'no-log', message: `no log of session ${sessionId} in ${eventLogDirs(paths.home, paths.project ?? process.cwd()).join(' or ')}` }) } : { kind: 'file', file };
  }
  const opened = await openActivePostgres(settings);
  if ('error' in opened) return { kind: 'problem', error: opened.error };
  try {
    const { readEventLines } = await import('@engram/store-postgres');
    const lines = await readEventLines(opened.db, sessionId);
    if (lines.length === 0) return { kind: 'problem', error: new SessionLogError({ reason: 'no-log', message: `no events of session ${sessionId} in ${opened.db.where} (tenant ${opened.db.tenant})` }) };
    return { kind: 'postgres', label: `postgres:${opened.db.tenant}/${sessionId}`, lines, events: lines.map((l) => JSON.parse(l) as AnyEnvelope) };
  } finally {
    await opened.db.close();
  }
};
