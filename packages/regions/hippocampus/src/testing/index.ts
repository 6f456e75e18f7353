// Test support: the contract every EpisodeStore backend must meet.
export { episodeStoreContract, type EpisodeStoreHarness } from './episode-store.contract.js';
