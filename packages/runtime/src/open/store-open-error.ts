import { MemoryModeError } from '@engram/cortex';
import { StoreSettingError } from '../store-settings.js';

/** Thrown when the active store cannot be opened; a command exits with `exit` (3: unreachable, 2: the role refused, 1: anything else). */
export class StoreOpenError extends Error {
  override name = 'StoreOpenError';
  constructor(
    message: string,
    readonly exit: 1 | 2 | 3,
  ) {
    super(message);
  }
}

/**
 * The exit code a failure to open memory asks for: the store's own (`StoreOpenError`), 2 for a
 * setting to change (a bad store, tenant or memory mode), null for anything else (the caller's).
 */
export const openFailureExit = (err: unknown): 1 | 2 | 3 | null =>
  err instanceof StoreOpenError ? err.exit : err instanceof StoreSettingError || err instanceof MemoryModeError ? 2 : null;
