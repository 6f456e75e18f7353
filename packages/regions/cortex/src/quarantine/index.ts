// The write-time screen and the quarantine's pure parts (docs/memory-trust.md).
export { screenText, type QuarantineReason } from './screen-text.js';
export { QUARANTINE_PATTERNS, type QuarantinePattern, type QuarantineReasonId } from './quarantine-patterns.js';
export { normalizeForScreening } from './normalize-for-screening.js';
export { quotedFrom, MIN_QUOTED_RUN } from './quoted-from.js';
export { QuarantineItemSchema, QuarantineFileSchema, quarantineIdFor, QUARANTINE_KIND, type QuarantineItem, type QuarantineFile } from './quarantine-item.js';
