import { TaggedError } from '@engram/kernel';

/**
 * Why `engram sim`'s options cannot be run: a `--sweep` or `--mix` it cannot read, a `--base` log
 * that cannot be opened or holds no usable turn, `--base-rate` without `--base`.
 */
export type SimUsageReason = 'bad-sweep' | 'bad-mix' | 'unreadable-base' | 'empty-base' | 'rate-without-base';

/** Options that cannot be run; the message names the flag and what to write instead (exit 2 in the CLI). */
export class SimUsageError extends TaggedError('SimUsageError')<{ readonly reason: SimUsageReason; readonly message: string }> {}
