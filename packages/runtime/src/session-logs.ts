import type { AnyEnvelope } from '@engram/events';

/** One session's stored event log, as the habit loop and the memory audit list them. */
export interface StoredLog {
  readonly sessionId: string;
  /** Where it is: a JSONL file, or `postgres:TENANT/events/SESSION`; the key the analysis state keeps it under. */
  readonly location: string;
  /** How much it holds: a file's bytes, or a database log's last seq. */
  readonly size: number;
  /** When it last grew (ms): a file's modification time, or the database's time of the last append. */
  readonly changedAt: number;
}

/** A log read back: its intact events, and each bad line or unreadable file (`file:line: field: problem`). */
interface ReadStoredLog {
  readonly events: readonly AnyEnvelope[];
  readonly problems: readonly string[];
}

/**
 * The stored session logs of a brain, whatever keeps them (`BrainStores.logs`): the JSONL files
 * in the project's and the global events folders, or the tenant's sessions in PostgreSQL. A log
 * whose size and change time are the same as when it was read has not changed, so the habit loop
 * reads only new and grown logs; listing never reads a log.
 */
export interface SessionLogs {
  /** Every log, in session order (session ids start with their start time). */
  list(): Promise<readonly StoredLog[]>;
  /**
   * One log's events. With `ifHolds`, a log holding no event of that type reads as empty (files
   * are searched as text first, a database asks for the type), so a reader after one kind of
   * event does not parse every log.
   */
  read(log: StoredLog, options?: { readonly ifHolds?: string }): Promise<ReadStoredLog>;
}
