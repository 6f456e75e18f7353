/**
 * @packageDocumentation
 * @engram/hippocampus: the hippocampus: the storage engines: semantic markdown stores (rules, lessons, profile in
 * Anton's format), the episodic log with recall, procedural skills and recipes.
 *
 * Consumes: what the gate decided to store (cortex.engram.proposed, cortex.engram.confirmed) and
 *   learned recipes (basal-ganglia.recipe.learned).
 * Emits: hippocampus.engram.encoded, hippocampus.engram.removed, hippocampus.engram.superseded.
 * Never: decides what is worth remembering (the cortex's gate does), or lets a label, a topic or a
 *   link lead a write outside its folder.
 */
// Pure core: parsing, serialising, sanitising, recall.
export { parseMemoryFile } from './parse-memory-file.js';
export { renderDocument, documentEntries, MEMORY_FILE_NAMES, type MemoryDocument, type MemoryFileKind, type DocLine, type DocEntry, type LineNote } from './memory-document.js';
export { createDocument } from './create-document.js';
export { addRules, appendEntries, type PlacedEntry } from './add-entries.js';
export { appendRules } from './append-rules.js';
export { groupSections, countRepeatedHeadings } from './group-sections.js';
export { planRuleWrite, DEFAULT_RULE_WRITE_LIMITS, type RuleWrite, type RuleWriteLimits } from './plan-rule-write.js';
export { sortRulesBySection } from './sort-rules-by-section.js';
export { replaceEntry } from './replace-entry.js';
export { removeEntry } from './remove-entry.js';
export { mergeIdentity, factKey } from './merge-identity.js';
export { sanitizeEntryText } from './sanitize-entry-text.js';
export { sanitizeSlug, MAX_SLUG_LENGTH } from './sanitize-slug.js';
export { cleanEntryText } from './clean-entry-text.js';
export { splitMetadata, metadataPairs, setMetadataValue } from './split-metadata.js';
export { recallSection, type RecallSource } from './recall-section.js';
export { newEntryId, derivedEntryId } from './entry-id.js';
export { MemoryIndex } from './memory-index.js';
// Effects: files, locks.
export { FileSemanticStore, type FileSemanticStoreOptions } from './effects/file-semantic-store.js';
export { MemoryHistory, type HistoryProblem } from './effects/memory-history.js';
export type { MemoryHistoryStore } from './effects/memory-history-store.js';
export { MemoryHistoryRecordSchema, type MemoryHistoryRecord } from './memory-history-record.js';
export { capAgreement, type CapAgreement } from './effects/cap-agreement.js';
// Episodic memory: per-session JSONL logs and their SQLite FTS5 recall index.
export * from './episodes/index.js';
// Procedural memory: skills.
export * from './skills/index.js';
// Procedural memory: recovery recipes.
export * from './recipes/index.js';
// Tool handlers.
export { handleRecall, handleRecallAsync, parseRecallInput, RECALL_TOOL, MAX_RECALL_RESULTS, MAX_DAYS_BACK, MAX_RECALL_QUERY, type RecallInput, type EpisodeRecaller, type AsyncEpisodeRecaller, type RecallToolDeps } from './tools/recall-tool.js';
export { handleRecallSkill, RECALL_SKILL_TOOL, MAX_LABELS_IN_ANSWER, type SkillRecaller, type RecallSkillDeps } from './tools/recall-skill-tool.js';
