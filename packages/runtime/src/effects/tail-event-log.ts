import { existsSync } from 'node:fs';
import type { AnyEnvelope } from '@engram/events';
import { followLogFile, formatProblem, readLogFile, sessionIdProblem } from '@engram/store';
import { sessionEvents } from '../open/session-events.js';
import { openActivePostgres } from '../open/open-active-postgres.js';
import { storeSettings } from '../store-settings.js';
import { SessionLogError } from '../open/session-log-error.js';
import type { MemoryFlags } from '../open/open-active-brain.js';

export interface TailLogOptions extends MemoryFlags {
  readonly lines: number;
  readonly follow?: boolean;
  /** Each event, in order. */
  readonly print: (e: AnyEnvelope) => void;
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
const tailFile = async (file: string, options: TailLogOptions): Promise<void> => {
  const { print } = options;
  if (!existsSync(file) && options.follow !== true) throw new SessionLogError({ reason: 'no-file', message: `${file}: no such file` });
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
  if (options.follow !== true) return;
  await untilInterrupted(async (signal) => {
    for await (const e of followLogFile(file, { signal, fromSeq: lastSeq + 1, onProblem: (p) => options.note(formatProblem(p)) })) print(e);
  });
};

/**
 * The follow loop of `engram log tail LOG`: the last events, then (with `follow`) new ones as they
 * land, until Ctrl-C. LOG is a log file or a session id of the file store (project, then home), or
 * with a store set a session id of the tenant's event log in PostgreSQL, followed through LISTEN
 * wake-ups (`tailEvents`). Why it cannot run is a tagged error (the CLI's exit code comes from its
 * tag): a `StoreSettingError`, a `StoreOpenError`, a `SessionLogError` (a bad id, an unknown session or file).
 */
export const tailEventLog = async (log: string, options: TailLogOptions, env: NodeJS.ProcessEnv = process.env): Promise<void> => {
  const { print } = options;
  const active = storeSettings(options, env);
  if (active === null) {
    // A session id names its file log (project, then home), as `engram log list` shows it.
    if (existsSync(log) || sessionIdProblem(log) !== null) return tailFile(log, options);
    const found = await sessionEvents(log, options, env);
    if (found.kind === 'problem') throw found.error;
    return tailFile(found.kind === 'file' ? found.file : log, options);
  }
  const bad = sessionIdProblem(log);
  if (bad !== null) throw new SessionLogError({ reason: 'bad-id', message: `${log}: ${bad} (with a store set, give a session id)` });
  const opened = await openActivePostgres(active);
  if ('error' in opened) throw opened.error;
  const { db } = opened;
  try {
    const { tailEvents } = await import('@engram/store-postgres');
    let shown = 0;
    if (options.follow !== true) {
      for await (const e of tailEvents(db, log, options.lines)) {
        shown += 1;
        print(e);
      }
      if (shown === 0) throw new SessionLogError({ reason: 'no-log', message: `no events of session ${log} in ${db.where} (tenant ${db.tenant})` });
      return;
    }
    await untilInterrupted(async (signal) => {
      for await (const e of tailEvents(db, log, options.lines, signal)) print(e);
    });
  } finally {
    await db.close();
  }
};
