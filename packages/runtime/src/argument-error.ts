import { TaggedError } from '@engram/kernel';

/**
 * What is wrong with an argument a memory or instinct command passed: a scope or time it does not
 * take, a folder or file that is not one (or not a memory export), an export target that already
 * holds memory, an instinct id nobody tracks, two sources given where one is wanted (or none).
 */
export type ArgumentReason = 'bad-scope' | 'bad-time' | 'not-a-folder' | 'not-a-file' | 'one-source' | 'target-exists' | 'unknown-instinct';

/** An argument of a runtime command that cannot be used; the message names the flag or path (exit 2 in the CLI). */
export class ArgumentError extends TaggedError('ArgumentError')<{ readonly reason: ArgumentReason; readonly message: string }> {}
