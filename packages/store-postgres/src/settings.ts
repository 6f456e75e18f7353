// The store settings' parsing, without loading `pg`: a host reads ENGRAM_STORE at start-up and
// imports the PostgreSQL backends only when a store URL is set.
export { parseStoreUrl, type StoreUrlSource } from './store-url.js';
export { tenantProblem, redactUrl } from './tenant-name.js';
export { storeUnreachable } from './unreachable-code.js';
