/**
 * @engram/hippocampus/semantic: the pure core of semantic memory (text cleaning, ids, identity
 * merge, recall within a budget) without the file, SQLite and skill engines, so a database
 * backend of `SemanticStore` gives the same answers as the files while loading none of them.
 */
export { cleanEntryText } from './clean-entry-text.js';
export { semanticEntry, RULE_DEFAULT_CONFIDENCE, DEFAULT_SOURCE } from './semantic-entry.js';
export { derivedEntryId } from './entry-id.js';
export { mergeIdentity, factKey } from './merge-identity.js';
export { createDocument } from './create-document.js';
export { appendEntries, type PlacedEntry } from './add-entries.js';
export { documentEntries, type MemoryFileKind } from './memory-document.js';
export { recallSection, type RecallSource } from './recall-section.js';
export { sortRulesBySection } from './sort-rules-by-section.js';
export { isoUtc } from './format-timestamp.js';
