import type { AnyEnvelope } from '@engram/events';
import type { MemoryFlags } from '@engram/runtime';

/** How much of an event's data a one-line summary shows. */
const SUMMARY_CHARS = 100;

const formatEventLine = (e: AnyEnvelope): string => {
  const data = JSON.stringify(e.data);
  const summary = data.length > SUMMARY_CHARS ? `${data.slice(0, SUMMARY_CHARS)}...` : data;
  return `${String(e.seq).padStart(6)}  ${e.at}  t${e.turn}.r${e.round}  ${e.type}  ${summary}`;
};

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
  return tailEventLog(log, {
    ...options,
    print: (e) => process.stdout.write(`${options.json === true ? JSON.stringify(e) : formatEventLine(e)}\n`),
    warn: (line) => process.stderr.write(`engram log tail: ${line}\n`),
    note: (line) => process.stderr.write(`${line}\n`),
  });
};
