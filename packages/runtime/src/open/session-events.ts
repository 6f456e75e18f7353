import type { AnyEnvelope } from '@engram/events';
import { engramPaths } from '@engram/fs';
import { readLogFile, sessionIdProblem } from '@engram/store';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { eventLogDirs, sessionLogFile } from '../effects/event-log-files.js';
import { StoreSettingError, storeSettings } from '../store-settings.js';
import type { MemoryFlags } from './open-active-brain.js';
import { openActivePostgres } from './open-active-postgres.js';
import type { StoreOpenError } from './store-open-error.js';
import { SessionLogError } from './session-log-error.js';
import { ArgumentError } from '../argument-error.js';

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

/**
 * A recorded session's events for a command that takes `--from LOG` or `--session ID` (one of
 * them): the log file, or the session in the active event log. A log's unreadable lines go to
 * `note` (file, line, field) and are skipped.
 */
export const recordedSession = async (
  source: { readonly from?: string | undefined; readonly session?: string | undefined },
  flags: MemoryFlags,
  note: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ readonly name: string; readonly events: readonly AnyEnvelope[] }> => {
  if ((source.from === undefined) === (source.session === undefined))
    throw new ArgumentError({ reason: 'one-source', message: 'give --from LOG (a session event log, e.g. .engram/events/<session>.jsonl) or --session ID (from the active store), one of them' });
  if (source.session !== undefined) {
    const found = await sessionEvents(source.session, flags, env);
    if (found.kind === 'problem') throw found.error;
    if (found.kind === 'postgres') return { name: found.label, events: found.events };
    return { name: found.file, events: readLogFile(found.file).events };
  }
  const file = resolve(source.from ?? '');
  if (!existsSync(file)) throw new ArgumentError({ reason: 'not-a-file', message: `--from ${source.from ?? ''}: no such file` });
  const log = readLogFile(file);
  for (const p of log.problems) note(`note: ${p.file}:${p.line}: ${p.field}: ${p.problem}`);
  return { name: source.from ?? file, events: log.events };
};
