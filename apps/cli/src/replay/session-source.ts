import { replaySession, type ReplaySource } from '@engram/replay';
import { sessionEvents, type MemoryFlags } from '@engram/runtime';
import { exitCodeOf, type ExitCode } from '../exit/exit-code-of.js';

/**
 * `engram replay --session ID`: the session read directly from the active event log. A file log
 * is replayed as a file (path as given to `engram replay FILE`); events from PostgreSQL are folded
 * as they come back (the same envelopes, byte for byte as appended). An error carries its exit code.
 */
export const sessionReplaySource = async (sessionId: string, flags: MemoryFlags): Promise<string | ReplaySource | { readonly exit: ExitCode; readonly message: string }> => {
  const found = await sessionEvents(sessionId, flags);
  if (found.kind === 'problem') return { exit: exitCodeOf(found.error), message: found.error.message };
  if (found.kind === 'file') return found.file;
  return { label: found.label, replay: (o) => ({ ok: true, problems: [], replay: replaySession(found.events, o) }) };
};
