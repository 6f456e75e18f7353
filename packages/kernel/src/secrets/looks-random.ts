import { shannonEntropy } from './shannon-entropy.js';

/** Shortest value judged on its shape alone; shorter random-looking strings are ids and hashes as often as keys. */
const MIN_RANDOM_CHARS = 16;
/** Bits per character above which a mixed string reads as generated (English words score about 3-3.5). */
const MIN_RANDOM_ENTROPY = 3.5;

/**
 * True when a value looks generated rather than written: long enough, letters mixed with digits,
 * high entropy, and not plain hex (git SHAs, content hashes) or a UUID, which are identifiers.
 */
export const looksRandom = (value: string): boolean => {
  if (value.length < MIN_RANDOM_CHARS) return false;
  if (/^[0-9a-f]+$/i.test(value) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return false;
  if (!/\d/.test(value) || !/[A-Za-z]/.test(value)) return false;
  return shannonEntropy(value) >= MIN_RANDOM_ENTROPY;
};
