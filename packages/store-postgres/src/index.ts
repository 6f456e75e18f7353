/**
 * @engram/store-postgres: engram's stores on PostgreSQL, for teams whose agents on many machines
 * share one memory: the event log, semantic memory, episodes, skills, recipes, instincts and the
 * pending queue (docs/postgres.md). Files and SQLite
 * stay the default; this backend is chosen by a store URL.
 * Tenancy is enforced by the server (row-level security keyed on the connection's tenant), the
 * schema moves by numbered migrations under an advisory lock, and LISTEN/NOTIFY wakes other hosts
 * when something changed (never carrying the data itself).
 */
export { openPostgres, type PostgresDb, type PostgresOptions } from './effects/open-postgres.js';
export { migrate, schemaVersion, type MigrationRun } from './effects/migrate.js';
export { MIGRATIONS, SCHEMA_VERSION, type Migration } from './migrations.js';
export { appendEvents, readEvents, readEventLines, followEvents, listSessions, listSessionLogs, sessionHolds, type SessionLogRow } from './effects/postgres-event-log.js';
export { readAnalysisState, writeAnalysisState } from './effects/postgres-analysis-state.js';
export { sessionSummaries, type SessionSummary } from './effects/session-summaries.js';
export { tailEvents } from './effects/tail-events.js';
export { PostgresError, postgresReason, type PostgresErrorReason } from './postgres-error.js';
export { PostgresOpenError, type PostgresOpenReason } from './postgres-open-error.js';
export { tenantProblem, redactUrl } from './tenant-name.js';
export { changeChannel } from './change-channel.js';
export { withReconnect } from './effects/with-reconnect.js';
export { holdSessionLease, type ReleaseSessionLease } from './effects/hold-session-lease.js';
export { storeStatus, type StoreStatus } from './effects/store-status.js';
export { storeText } from './store-text.js';
export { grantTenantRole, type TenantGrant, type TenantGrantRequest } from './effects/grant-tenant-role.js';
export { StoreRefusal } from './store-refusal.js';
export { parseStoreUrl, type StoreUrlSource } from './store-url.js';
export { PostgresSemanticStore, type PostgresSemanticStoreOptions } from './effects/postgres-semantic-store.js';
export { scopeKey } from './scope-key.js';
export { PostgresSkillStore } from './effects/postgres-skill-store.js';
export { PostgresRecipeStore } from './effects/postgres-recipe-store.js';
export { PostgresInstinctStore } from './effects/postgres-instinct-store.js';
export { PostgresPendingStore } from './effects/postgres-pending-store.js';
export { PostgresTextVectors } from './effects/postgres-text-vectors.js';
export { PostgresEpisodeStore, insertEpisodeRows, type PostgresEpisodeStoreOptions, type EpisodeRow } from './effects/postgres-episode-store.js';
export { PostgresQuarantineStore } from './effects/postgres-quarantine-store.js';
export { PostgresMemoryHistory } from './effects/postgres-memory-history.js';
export { redactEvents, type SessionRedaction, type RedactEventsOptions } from './effects/redact-events.js';
export { grantTenantLogin, PasswordFileError } from './effects/grant-tenant-login.js';
