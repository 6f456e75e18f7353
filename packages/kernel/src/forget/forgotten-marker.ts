/**
 * What `engram memory forget` leaves where a forgotten subject stood in a log or a kept text.
 * Brackets and capitals so it cannot be mistaken for prose, no characters the secret scrubber
 * or the entry sanitiser rewrite (so a marker survives every later write unchanged), and no
 * trace of the subject itself (not even its length).
 */
export const FORGOTTEN_MARKER = '[FORGOTTEN]';

/** Used instead when the subject itself occurs in `FORGOTTEN_MARKER` (forgetting "forgotten"): no 3-character text is in both. */
export const ALTERNATE_FORGOTTEN_MARKER = '[ERASED]';

/** Every marker a redaction may have left (replay compares a redacted log modulo these). */
export const FORGOTTEN_MARKERS: readonly string[] = [FORGOTTEN_MARKER, ALTERNATE_FORGOTTEN_MARKER];

/** The marker to redact with: one the subject does not occur in, so a redacted file never holds the subject. */
export const forgottenMarkerFor = (matches: (text: string) => boolean): string => (matches(FORGOTTEN_MARKER) ? ALTERNATE_FORGOTTEN_MARKER : FORGOTTEN_MARKER);
