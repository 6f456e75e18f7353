import type { Awaitable } from '@engram/kernel';
import type { QuarantineItem } from '../quarantine/quarantine-item.js';

/**
 * The quarantine's storage port (proposals held because they read as instructions to the agent),
 * whatever keeps it: the quarantine file (`QuarantineStore`) or PostgreSQL. Every change is one
 * step across processes with the pure `addQuarantined` / `takeQuarantined` deciding, so every
 * backend answers alike; `quarantineStoreContract` (`@engram/cortex/testing`) states it. Nothing
 * read here ever goes into a prompt: only a person sees it.
 */
export interface QuarantinePort {
  /** Where the quarantine is, for messages: a file, or `postgres:TENANT/SCOPE/quarantine`. */
  readonly location: string;
  /** Held items, oldest first. */
  list(): Awaitable<readonly QuarantineItem[]>;
  /** Holds an item; the same text (kind, scope) already held is returned instead. */
  add(item: QuarantineItem): Promise<QuarantineItem>;
  /** Takes items out by quarantine id or 1-based position; unknown selectors are reported. */
  take(selectors: readonly string[]): Promise<{ taken: QuarantineItem[]; unknown: string[] }>;
  /** Puts items back (an accept whose write failed), at the front, in their order. */
  restore(items: readonly QuarantineItem[]): Promise<void>;
}
