import { replaySession, type ReplaySource } from '@engram/replay';
import { sessionEvents, type MemoryFlags } from '@engram/runtime';

/**
 * `engram replay --session ID`: the session read directly from the active event log. A file log
 * is replayed as a file (path as given to `engram replay FILE`); events from PostgreSQL are folded
 * as they come back (the same envelopes, byte for byte as appended). An error carries its exit code.
 */
export const sessionReplaySource = async (sessionId: string, flags: MemoryFlags): Promise<string | ReplaySource | { readonly exit: 1 | 2 | 3; readonly message: string }> => {
  const found = await sessionEvents(sessionId, flags);
  if (found.kind === 'problem') return { exit: found.exit, message: found.message };
  if (found.kind === 'file') return found.file;
  return { label: found.label, replay: (o) => ({ ok: true, problems: [], replay: replaySession(found.events, o) }) };
};
