import type { AnyEnvelope } from '@engram/events';
import { logText } from '@engram/store';
import { runCommand } from '../exit/exit-code-of.js';
import type { MemoryFlags } from '@engram/runtime';

export interface TailLogOptions extends MemoryFlags {
  readonly lines: number;
  readonly follow?: boolean;
  readonly json?: boolean;
}

/**
 * `engram log tail LOG [-n N] [--follow] [--json]`: the runtime's `tailEventLog` (a log file, or a
 * session id of the file store or, with `--store`/`ENGRAM_STORE`, of PostgreSQL), each event as a
 * line or as JSON.
 */
export const tailLog = async (log: string, options: TailLogOptions): Promise<number> => {
  const { tailEventLog } = await import('@engram/runtime');
  const print = (e: AnyEnvelope) => process.stdout.write(`${options.json === true ? JSON.stringify(e) : logText.event(e)}\n`);
  // A bad setting or session id, an unknown session or file, a store that cannot be opened: one line, the exit code from the tag.
  return runCommand('engram log tail', (line) => process.stderr.write(line), () => tailEventLog(log, { ...options, print, note: (line) => process.stderr.write(`${line}\n`) }).then(() => 0));
};
