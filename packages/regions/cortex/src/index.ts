/**
 * @packageDocumentation
 * @engram/cortex: the cortex: the memory coordinator: the encoding gate, routing by scope, the prompt's memory
 * block under token budgets, compaction, identity and sleep-replay consolidation.
 *
 * Consumes: what the regions propose to remember (acc.lesson.detected, cerebellum.lesson.learned,
 *   cerebellum.error.classified), turn and cell facts, recorded model answers and store outcomes
 *   (hippocampus.engram.encoded).
 * Emits: cortex.engram.proposed, cortex.engram.queued, cortex.engram.quarantined, cortex.engram.confirmed, cortex.engram.contradicted, cortex.context.injected,
 *   cortex.candidates.read, cortex.context.read, cortex.precall.read (the recorded reads the memory core and the pre-call decision decide from).
 * Never: writes a memory file itself (the hippocampus's stores do, under the gate's decision), or puts
 *   anything in front of the model that it did not record as cortex.context.injected.
 */
// Pure core: the gate, routing, the prompt's memory block, the primer, the memorize tool, compaction and identity plans.
export { cortexCore, type CortexState, type CortexParams } from './cortex-core.js';
export { parseMemoryMode, MemoryModeError, DEFAULT_MEMORY_MODE, type MemoryMode } from './memory-mode.js';
export { gateDecision, type GateDecision } from './gate-decision.js';
export type { ProposalOrigin } from './proposal-origin.js';
export { routeScope } from './route-scope.js';
export { DEFAULT_CONTEXT_BUDGETS, type ContextBudgets } from './context-budgets.js';
export { buildMemoryContext, SECTION_HEADINGS, type MemoryContext, type MemoryContextInput, type ContextSection, type ContextSectionKey } from './memory-context.js';
export { rankedSkills, skillsSection, MAX_LISTED_DESCRIPTION, type OfferedSkill } from './skills-section.js';
export { buildScratchpadPrimer, PRIMER_HEADER, type ScratchpadPrimer } from './scratchpad-primer.js';
export { EMPTY_SCOPE, type ScopeMemory } from './scope-memory.js';
export { recordedMemory, type MemorySnapshot, type RecordedContext } from './memory/context-read.js';
export { pinPrefix, type MemoryPin } from './memory/memory-pin.js';
export type { ContextInjection, InjectedItem } from './injected-item.js';
export { PendingItemSchema, PendingFileSchema, pendingIdFor, PENDING_KIND, type PendingItem, type PendingFile } from './pending-item.js';
export {
  MemorizeInputSchema,
  MEMORIZE_TOOL_NAME,
  MEMORIZE_DESCRIPTION,
  MAX_MEMORIZE_TEXT,
  MAX_MEMORIZE_ENTRIES,
  planMemorize,
  handleMemorize,
  memorizeReport,
  memorizeReportText,
  memorizeResultText,
  memorizeFailed,
  type MemorizeToolResult,
  type MemorizeInput,
  type MemorizeOutcome,
  type MemorizeEntryResult,
  type MemorizePlan,
  type MemorizeReport,
  type ProposeMemories,
} from './memorize-tool.js';
export { CompactionAnswerSchema, COMPACTION_SYSTEM, MIN_ENTRIES_TO_COMPACT, AUTO_COMPACTION_THRESHOLD, compactionPrompt, judgeCompaction, type CompactionVerdict } from './compaction-plan.js';
export { IdentityFactsSchema, IDENTITY_SYSTEM, IDENTITY_EVERY_TURNS, identityDue, cleanFacts } from './identity-facts.js';
// Contradictions (issue 14): the conservative heuristic and the model judge's schema and prompt.
export * from './contradiction/index.js';
// Effects: the coordinator, the pending queue, compaction and identity through the LLM port.
export { Cortex, type CortexOptions, type ProposeRequest, type ProposalResult, type ProposalStatus, type PreCallRequest, type PreCallStrategies } from './effects/cortex.js';
export { PendingQueue, pendingPathFor, PENDING_FILE_NAME } from './effects/pending-queue.js';
export { QuarantineStore, quarantinePathFor, QUARANTINE_FILE_NAME } from './effects/quarantine-store.js';
export type { HeldStore, PendingStore, QuarantinePort } from './effects/held-store.js';
export { HeldFileStore, HeldFileError, type HeldFileKind } from './effects/held-file-store.js';
export { changeHeld, type HeldItem, type HeldKind, type HeldStep } from './held/held-kind.js';
export { compactStore, type FileCompaction, type CompactionFile, type CompactOptions } from './effects/compact-store.js';
export { extractIdentity, type IdentityUpdate } from './effects/extract-identity.js';
export type { StructuredModel } from './effects/structured-model.js';
// Trust and quarantine (docs/memory-trust.md): the write-time screen, quoted-text detection, the quarantine file's shape.
export * from './quarantine/index.js';
// Sleep-replay consolidation (anton.md §9): the core that replays each cell only once, its prompt and schema; the extraction call is under `@engram/cortex/consolidation-effects`.
export * from './consolidation/index.js';
// Proactive strategy injection (issue 8 item 3): BM25-ranked rules, lessons and recipes before each tool call; ageing out.
export * from './strategies/index.js';
