import { createHash } from 'node:crypto';

/** Hex characters kept from the hash: 64 bits, so ids stay short in files and collisions stay negligible. */
const ID_LENGTH = 16;

export const ENTRY_ID_PATTERN = /^[0-9a-f]{16}$/;

const hash = (parts: readonly string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, ID_LENGTH);

/**
 * The id a new entry gets and keeps (it is written into its metadata as `id:`): scope, kind,
 * text and creation time all count, so the same text in another kind or scope, or written again
 * after a delete, gets another id (Anton's id was sha256(text) alone, anton.md §15.26).
 * Deterministic, so replaying the same events gives the same ids.
 */
export const newEntryId = (scope: string, kind: string, text: string, at: string, salt = 0): string =>
  hash(['engram-entry', scope, kind, text, at, String(salt)]);

/**
 * The id of an entry that carries none (written by Anton or by hand): derived from where it is
 * and what it says, plus its occurrence number so exact duplicates in one file still differ.
 */
export const derivedEntryId = (scope: string, kind: string, text: string, occurrence: number): string =>
  hash(occurrence === 0 ? ['engram-derived', scope, kind, text] : ['engram-derived', scope, kind, text, String(occurrence)]);
