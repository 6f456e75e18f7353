// `@engram/store/effect`: the Effect side of the store, the `EventLog` service with its in-memory
// and JSONL layers and the tagged `StoreError`. A separate entry point so that importing the
// package root (the Promise facade hooks and hosts use) never loads Effect.
export { EventLog, type ReadRange, type SessionRead } from './event-log.js';
export { layerMemoryEventLog, makeMemoryEventLog } from './layer-memory-event-log.js';
export { layerJsonlEventLog, makeJsonlEventLog, type JsonlEventLogOptions } from './effects/layer-jsonl-event-log.js';
export { StoreError, type StoreErrorReason } from './store-error.js';
export { checkSessionId } from './safe-session-id.js';
