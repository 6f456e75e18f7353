// Contract suites every backend of the basal ganglia's storage port runs (files here, PostgreSQL in @engram/store-postgres).
export { instinctStoreContract, type InstinctStoreHarness } from './instinct-store.contract.js';
