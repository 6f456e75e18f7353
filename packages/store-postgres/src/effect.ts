// `@engram/store-postgres/effect`: the Effect side of the PostgreSQL store, the `EventLog` service
// over a database (`@engram/store/effect`'s port). A separate entry point, as the store's, so that
// importing the package root (the stores a hook or a memory command opens) never loads Effect.
export { makePostgresEventLog, layerPostgresEventLog } from './effects/layer-postgres-event-log.js';
