import type { Awaitable } from '@engram/kernel';
import type { PendingItem } from '../pending-item.js';

/**
 * The pending queue's storage port (copilot mode's proposals waiting for the user), whatever keeps
 * it: the pending file (`PendingQueue`) or PostgreSQL. Every change is one step across processes,
 * with the pure `addPending` / `takePending` deciding, so every backend answers alike;
 * `pendingStoreContract` (`@engram/cortex/testing`) states it.
 */
export interface PendingStore {
  /** Where the queue is, for messages: a file, or `postgres:TENANT/SCOPE/pending`. */
  readonly location: string;
  list(): Awaitable<readonly PendingItem[]>;
  /** Queues an item; a proposal already waiting (same text, kind, scope) is returned instead. */
  add(item: PendingItem): Promise<PendingItem>;
  /** Takes items out by pending id or 1-based position; unknown selectors are reported. */
  take(selectors: readonly string[]): Promise<{ taken: PendingItem[]; unknown: string[] }>;
  /** Puts items back (an accept whose write failed), at the front, in their order. */
  restore(items: readonly PendingItem[]): Promise<void>;
}
