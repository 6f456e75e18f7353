import { scrubSecrets } from '@engram/kernel';
import { sanitizeEntryText } from './sanitize-entry-text.js';

/** Rounds before giving up on a fixed point; one round is enough for every input seen so far. */
const MAX_ROUNDS = 4;

/**
 * What every write path stores as entry text: secrets scrubbed, then sanitised to one safe line.
 * Repeated until stable, since joining lines could in principle bring a secret's parts together.
 */
export const cleanEntryText = (text: string): string => {
  let current = text;
  for (let i = 0; i < MAX_ROUNDS; i++) {
    const next = sanitizeEntryText(scrubSecrets(current));
    if (next === current) return next;
    current = next;
  }
  return current;
};
