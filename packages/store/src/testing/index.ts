// Test support for backends: the EventLog contract suite every backend's tests run (imports vitest).
export { eventLogContract } from './event-log.contract.js';
