/** Every marker starts with this, so any detector can tell a redacted value from a secret. */
export const REDACTED_PREFIX = '[REDACTED:';

/** The marker that replaces a secret of `kind`. */
export const redacted = (kind: string): string => `${REDACTED_PREFIX}${kind}]`;

/** True when `text` has a marker at `index`: a value already redacted is never redacted again. */
export const isMarkerAt = (text: string, index: number): boolean => text.startsWith(REDACTED_PREFIX, index);
