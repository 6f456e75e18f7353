import type { Awaitable } from '@engram/kernel';
import type { HeldItem } from '../held/held-kind.js';
import type { PendingItem } from '../pending-item.js';
import type { QuarantineItem } from '../quarantine/quarantine-item.js';

/**
 * The storage port of held proposals, whatever keeps them: a JSON file (`HeldFileStore`) or
 * PostgreSQL. Every change is one step across processes with the pure `changeHeld` deciding, so
 * every backend answers alike; `pendingStoreContract` and `quarantineStoreContract`
 * (`@engram/cortex/testing`) state it.
 */
export interface HeldStore<I extends HeldItem> {
  /** Where the items are, for messages: a file, or `postgres:TENANT/SCOPE/KIND`. */
  readonly location: string;
  /** Held items, oldest first. */
  list(): Awaitable<readonly I[]>;
  /** Holds an item; the same text (kind, scope) already held is returned instead. */
  add(item: I): Promise<I>;
  /** Takes items out by id or 1-based position; unknown selectors are reported. */
  take(selectors: readonly string[]): Promise<{ taken: I[]; unknown: string[] }>;
  /** Puts items back (an accept whose write failed), at the front, in their order. */
  restore(items: readonly I[]): Promise<void>;
}

/** Copilot mode's proposals waiting for the user. */
export type PendingStore = HeldStore<PendingItem>;

/** Proposals held because they read as instructions to the agent: only a person ever reads them, never a prompt. */
export type QuarantinePort = HeldStore<QuarantineItem>;
