// Contract suites every backend of hippocampus's storage ports runs (files here, PostgreSQL in @engram/store-postgres).
export { skillStoreContract, type SkillStoreHarness } from './skill-store.contract.js';
export { recipeStoreContract, type RecipeStoreHarness } from './recipe-store.contract.js';
export { episodeStoreContract, type EpisodeStoreHarness } from './episode-store.contract.js';
export { memoryHistoryContract, type MemoryHistoryHarness } from './memory-history.contract.js';
export { startEmbeddingsServer, testEmbedding, type EmbeddingsServer } from './embeddings-server.js';
