export { systemClock, manualClock, type Clock, type ManualClock } from './clock.js';
export { randomIds, sequentialIds, type IdSource } from './id-source.js';
export { newSessionId, isSessionId, SESSION_ID_PATTERN } from './session-id.js';
export { foldCore, type RegionCore } from './region-core.js';
export { type EventSink } from './event-sink.js';
export { errorSignature } from './error-signature.js';
export { RULE_KINDS, isRuleKind, type Engram, type EngramKind, type EngramScope, type Confidence, type EngramSource, type RuleKind, type MemoryEntry } from './engram.js';
export type { SemanticStore, EncodeRequest, EncodeOutcome, EncodeResult, MutationOutcome, MutationResult, MemoryDiagnostic, SemanticSnapshot, RecallSection, RecallRequest, RecallResult } from './semantic-store.js';
export { scrubSecrets, containsSecret, redacted, SECRET_PATTERNS, REDACTED_PREFIX, type SecretPattern } from './secret-scrubber.js';
