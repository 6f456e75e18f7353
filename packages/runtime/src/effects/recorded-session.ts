import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ArgumentError } from '../argument-error.js';
import type { MemoryFlags } from '../open/open-active-brain.js';
import { sessionEvents } from '../open/session-events.js';

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
