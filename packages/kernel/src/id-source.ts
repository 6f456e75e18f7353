import { randomBytes } from 'node:crypto';

/** The one source of ids, injected so tests and replay can fix them. */
export interface IdSource {
  next(): string;
}

/**
 * Unique ids without a syscall per id: 8 random bytes per source, then a counter. Unique across
 * processes (the random part) and cheap enough for the bus's hot path.
 */
export const randomIds = (): IdSource => {
  const prefix = randomBytes(8).toString('hex');
  let n = 0;
  return { next: () => `${prefix}-${(n++).toString(36)}` };
};

/** Predictable ids for tests: `evt-1`, `evt-2` ... */
export const sequentialIds = (prefix = 'evt'): IdSource => {
  let n = 0;
  return { next: () => `${prefix}-${++n}` };
};
