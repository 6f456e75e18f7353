// `@engram/runtime/cores`: the one list of cores a live session attaches and replay folds, and what replay checks. Pure: no effects, no LLM port, no Effect.
export { brainCores, defaultBrainCoreParams, type BrainCore, type BrainCoreId, type BrainCoreParams, type BrainStates } from './brain-cores.js';
export { proposalCore, lessonProposalId, memorizeProposalId, type ProposalState } from './proposal-core.js';
export { storeAnswerCore, type StoreAnswerState } from './store-answer-core.js';
export { reportCheckCore, type ReportCheckState } from './report-check-core.js';
export { answerCause } from './answer-cause.js';
export { EVENT_CLASSES, REDACTION_HASHED_FIELDS, decidedAtRead, givenWithoutRead, isCheckedEvent, isCheckedType, isAnswerType, readKeyOf, type EventClass } from './event-classes.js';
