// Contract suites every backend of the cortex's storage ports runs (files here, PostgreSQL in @engram/store-postgres).
export { pendingStoreContract, type PendingStoreHarness } from './pending-store.contract.js';
export { quarantineStoreContract, type QuarantineStoreHarness } from './quarantine-store.contract.js';
