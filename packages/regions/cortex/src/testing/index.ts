// Contract suites every backend of the cortex's storage ports runs (files here, PostgreSQL in @engram/store-postgres).
export { pendingStoreContract, quarantineStoreContract, type PendingStoreHarness, type QuarantineStoreHarness } from './held-store.contract.js';
