export { systemClock, manualClock, type Clock, type ManualClock } from './clock.js';
export { randomIds, sequentialIds, type IdSource } from './id-source.js';
export { newSessionId, isSessionId, SESSION_ID_PATTERN } from './session-id.js';
export { foldCore, type RegionCore } from './region-core.js';
export { type EventSink } from './event-sink.js';
export { errorSignature } from './error-signature.js';
