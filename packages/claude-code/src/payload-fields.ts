import { TaggedError } from '@engram/kernel';

/** What is wrong with a hook's stdin: not JSON, not an object, a field missing or mistyped, another hook's event. */
export type PayloadErrorReason = 'not-json' | 'not-an-object' | 'invalid-field' | 'wrong-event';

/** A hook payload (or a fallbacks file) that cannot be used: the message names the field. */
export class PayloadError extends TaggedError('PayloadError')<{ readonly reason: PayloadErrorReason; readonly message: string }> {}

export type JsonObject = Record<string, unknown>;

export const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);
