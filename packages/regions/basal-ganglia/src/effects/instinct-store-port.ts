import type { Awaitable } from '@engram/kernel';
import type { Instinct } from '../instinct.js';
import type { InstinctPlan } from '../plan-instincts.js';
import type { StoredInstincts } from './instinct-store.js';

/** What a caller may do while holding an instinct store's lock (file or database alike). */
export interface InstinctTransactionPort {
  read(): Awaitable<StoredInstincts>;
  write(plan: InstinctPlan): Awaitable<void>;
}

/**
 * The habit loop's storage port for one scope's instincts (tracked, promoted, archived) and the
 * generated rules they make, whatever keeps them: the `instincts/` folder (`InstinctStore`) or
 * PostgreSQL. `locked` runs a read-analyse-write as one step across processes and hosts, so two
 * concurrent runs never lose each other's update. `instinctStoreContract`
 * (`@engram/basal-ganglia/testing`) states it for every backend.
 */
export interface InstinctStorePort {
  /** Where the instincts are, for messages: a folder, or `postgres:TENANT/SCOPE/instincts`. */
  readonly location: string;
  /** Where the generated rules are (`generated-rules.md`, or the database's place for them). */
  readonly rulesFile: string;
  read(): Awaitable<StoredInstincts>;
  locked<T>(fn: (tx: InstinctTransactionPort) => T | Promise<T>): Promise<T>;
  write(plan: InstinctPlan): Promise<void>;
  /**
   * Takes the instincts of these ids out, tracked or archived, under the lock (`engram memory
   * forget`); a promoted one leaves the generated rules too. Unknown ids are skipped. Resolves to
   * the ids removed.
   */
  remove(ids: readonly string[]): Promise<readonly string[]>;
  /** Where one instinct is kept (a file, or a row's address). */
  fileOf(i: Instinct): string;
}
