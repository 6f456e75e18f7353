/** A hook payload (or a fallbacks file) that cannot be used: the message names the field. */
export class PayloadError extends Error {
  override readonly name = 'PayloadError';
}

export type JsonObject = Record<string, unknown>;

export const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);
