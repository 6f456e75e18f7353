import { existsSync } from 'node:fs';
import type { AnyEnvelope } from '@engram/events';
import { followLogFile, formatProblem, readLogFile, sessionIdProblem } from '@engram/store';
import { sessionEvents } from '../open/session-events.js';
import { openActivePostgres } from '../open/open-active-postgres.js';
import { StoreSettingError, storeSettings } from '../store-settings.js';
import type { MemoryFlags } from '../open/open-active-brain.js';

export interface TailLogOptions extends MemoryFlags {
  readonly lines: number;
  readonly follow?: boolean;
  /** Each event, in order. */
  readonly print: (e: AnyEnvelope) => void;
  /** Why the tail cannot run (an unknown file or session, a bad setting), for stderr. */
  readonly warn: (line: string) => void;
  /** A bad line met while following, named by file and line, for stderr. */
  readonly note: (line: string) => void;
}

/**
 * Runs `f` with a signal that Ctrl-C (or a TERM) aborts. `on` until done, not `once`: signal-exit
 * (proper-lockfile's) re-raises a signal it finds no other listener for while it is emitted.
 */
const untilInterrupted = async (f: (signal: AbortSignal) => Promise<void>): Promise<void> => {
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    await f(abort.signal);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
};

/** The file log: the last events, then (with --follow) new ones as they land. */
const tailFile = async (file: string, options: TailLogOptions): Promise<number> => {
  const { print } = options;
  if (!existsSync(file) && options.follow !== true) {
    options.warn(`${file}: no such file`);
    return 1;
  }
  let lastSeq = 0;
  if (existsSync(file)) {
    const ring: AnyEnvelope[] = [];
    readLogFile(file, {
      onEvent: (e) => {
        ring.push(e);
        if (ring.length > options.lines) ring.shift();
        lastSeq = e.seq;
      },
    });
    ring.forEach(print);
  }
  if (options.follow !== true) return 0;
  await untilInterrupted(async (signal) => {
    for await (const e of followLogFile(file, { signal, fromSeq: lastSeq + 1, onProblem: (p) => options.note(formatProblem(p)) })) print(e);
  });
  return 0;
};

/**
 * The follow loop of `engram log tail LOG`: the last events, then (with `follow`) new ones as they
 * land, until Ctrl-C. LOG is a log file or a session id of the file store (project, then home), or
 * with a store set a session id of the tenant's event log in PostgreSQL, followed through LISTEN
 * wake-ups (`tailEvents`). Returns the exit code: 2 for a bad setting or session id, 3 for a server
 * that cannot be reached, 1 for an unknown session or file.
 */
export const tailEventLog = async (log: string, options: TailLogOptions, env: NodeJS.ProcessEnv = process.env): Promise<number> => {
  const { print } = options;
  let active;
  try {
    active = storeSettings(options, env);
  } catch (err) {
    if (!(err instanceof StoreSettingError)) throw err;
    options.warn(err.message);
    return 2;
  }
  if (active === null) {
    // A session id names its file log (project, then home), as `engram log list` shows it.
    if (existsSync(log) || sessionIdProblem(log) !== null) return tailFile(log, options);
    const found = await sessionEvents(log, options, env);
    if (found.kind === 'problem') {
      options.warn(found.message);
      return found.exit;
    }
    return tailFile(found.kind === 'file' ? found.file : log, options);
  }
  const bad = sessionIdProblem(log);
  if (bad !== null) {
    options.warn(`${log}: ${bad} (with a store set, give a session id)`);
    return 2;
  }
  const opened = await openActivePostgres(active);
  if ('exit' in opened) {
    options.warn(opened.message);
    return opened.exit;
  }
  const { db } = opened;
  try {
    const { tailEvents } = await import('@engram/store-postgres');
    let shown = 0;
    if (options.follow !== true) {
      for await (const e of tailEvents(db, log, options.lines)) {
        shown += 1;
        print(e);
      }
      if (shown > 0) return 0;
      options.warn(`no events of session ${log} in ${db.where} (tenant ${db.tenant})`);
      return 1;
    }
    await untilInterrupted(async (signal) => {
      for await (const e of tailEvents(db, log, options.lines, signal)) print(e);
    });
    return 0;
  } finally {
    await db.close();
  }
};
