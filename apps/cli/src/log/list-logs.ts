import type { MemoryFlags } from '@engram/runtime';
import { exitCodeOf } from '../exit/exit-code-of.js';

export interface ListLogsOptions extends MemoryFlags {
  readonly json?: boolean;
}

/**
 * `engram log list`: the sessions of the active event log (`listSessions`), oldest first, with
 * their event counts and first and last times (problems on stderr). Exit 2 for a bad setting, 3
 * for a server that cannot be reached, as `engram store`.
 */
export const listLogs = async (opts: ListLogsOptions): Promise<number> => {
  const { eventLogText, listSessions } = await import('@engram/runtime');
  let list;
  try {
    list = await listSessions(opts);
  } catch (err) {
    process.stderr.write(`engram log list: ${err instanceof Error ? err.message : String(err)}\n`);
    return exitCodeOf(err);
  }
  const { store, where, sessions, problems } = list;
  for (const p of problems) process.stderr.write(`note: ${p}\n`);
  if (opts.json === true) process.stdout.write(`${JSON.stringify({ store, where, sessions })}\n`);
  else process.stdout.write(eventLogText.sessions(list));
  return 0;
};
