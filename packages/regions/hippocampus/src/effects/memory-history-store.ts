import type { MemoryHistoryPort } from '@engram/kernel';
import type { MemoryHistoryRecord } from '../memory-history-record.js';

/**
 * A scope's retired entries wherever they are kept: `memory/history.jsonl` (`MemoryHistory`) or
 * PostgreSQL. The cortex only appends (the kernel's `MemoryHistoryPort`); `forget` also reads and
 * removes. `memoryHistoryContract` (`@engram/hippocampus/testing`) states what every backend does.
 */
export interface MemoryHistoryStore extends MemoryHistoryPort {
  /** Where the history is, for messages: a file, or `postgres:TENANT/SCOPE/history`. */
  readonly location: string;
  /** Every retired entry, oldest first, as appended (a line the file cannot read is skipped). */
  records(): Promise<readonly MemoryHistoryRecord[]>;
  /** Removes every record of these entry ids; returns how many records went. */
  remove(ids: readonly string[]): Promise<number>;
}
