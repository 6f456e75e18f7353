import { existsSync } from 'node:fs';
import type { AnyEnvelope } from '@engram/events';
import { followLogFile, formatProblem, readLogFile, sessionIdProblem } from '@engram/store';
import { activeStore, openActivePostgres, type StoreFlags } from '../store/active-store.js';
import { sessionEvents } from './session-events.js';

/** How much of an event's data a one-line summary shows. */
const SUMMARY_CHARS = 100;

export const formatEventLine = (e: AnyEnvelope): string => {
  const data = JSON.stringify(e.data);
  const summary = data.length > SUMMARY_CHARS ? `${data.slice(0, SUMMARY_CHARS)}...` : data;
  return `${String(e.seq).padStart(6)}  ${e.at}  t${e.turn}.r${e.round}  ${e.type}  ${summary}`;
};

export interface TailLogOptions extends StoreFlags {
  readonly lines: number;
  /** Where a session id is looked up in the file store (`--home`, `--project`). */
  readonly home?: string;
  readonly project?: string;
  readonly follow?: boolean;
  readonly json?: boolean;
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
const tailFile = async (file: string, options: TailLogOptions, print: (e: AnyEnvelope) => void): Promise<number> => {
  if (!existsSync(file) && options.follow !== true) {
    process.stderr.write(`engram log tail: ${file}: no such file\n`);
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
    for await (const e of followLogFile(file, { signal, fromSeq: lastSeq + 1, onProblem: (p) => process.stderr.write(`${formatProblem(p)}\n`) })) print(e);
  });
  return 0;
};

/**
 * `engram log tail LOG [-n N] [--follow] [--json]`: the last events, then (with --follow) new ones
 * as they land. LOG is a log file or a session id of the file store (project, then home), or with `--store`/`ENGRAM_STORE` a session id of the tenant's
 * event log in PostgreSQL, followed through LISTEN wake-ups (`tailEvents`). Exit 2 for a bad
 * setting or session id, 3 for a server that cannot be reached, 1 for an unknown session.
 */
export const tailLog = async (log: string, options: TailLogOptions): Promise<number> => {
  const print = (e: AnyEnvelope) => process.stdout.write(`${options.json === true ? JSON.stringify(e) : formatEventLine(e)}\n`);
  const active = activeStore(options);
  if (active.kind === 'problem') {
    process.stderr.write(`engram log tail: ${active.problem}\n`);
    return 2;
  }
  if (active.kind === 'files') {
    // A session id names its file log (project, then home), as `engram log list` shows it.
    if (existsSync(log) || sessionIdProblem(log) !== null) return tailFile(log, options, print);
    const found = await sessionEvents(log, options);
    if (found.kind === 'problem') {
      process.stderr.write(`engram log tail: ${found.message}\n`);
      return found.exit;
    }
    return tailFile(found.kind === 'file' ? found.file : log, options, print);
  }
  const bad = sessionIdProblem(log);
  if (bad !== null) {
    process.stderr.write(`engram log tail: ${log}: ${bad} (with a store set, give a session id)\n`);
    return 2;
  }
  const opened = await openActivePostgres(active);
  if ('exit' in opened) {
    process.stderr.write(`engram log tail: ${opened.message}\n`);
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
      process.stderr.write(`engram log tail: no events of session ${log} in ${db.where} (tenant ${db.tenant})\n`);
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
