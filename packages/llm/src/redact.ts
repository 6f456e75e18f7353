/** Longest error text kept: enough for the server's explanation, short enough for one log line. */
const MAX_MESSAGE_CHARS = 500;

/** Shortest string treated as a secret; shorter ones would blank ordinary words. */
const MIN_SECRET_CHARS = 8;

import { scrubSecrets } from '@engram/kernel';

/**
 * Removes every secret (the configured API keys, and anything the kernel's scrubber recognises)
 * from a message before it becomes an error or an event, and
 * caps its length. Keys are never logged or persisted.
 */
export const redact = (message: string, secrets: readonly (string | undefined)[], maxChars = MAX_MESSAGE_CHARS): string => {
  let out = scrubSecrets(message);
  for (const s of secrets) if (s !== undefined && s.length >= MIN_SECRET_CHARS) out = out.split(s).join('[redacted]');
  return out.length > maxChars ? `${out.slice(0, maxChars)}…` : out;
};
