// Test support: a throwaway PostgreSQL server per suite (initdb + pg_ctl in a temp folder).
export { startTestPostgres, type TestPostgres, type TestPostgresStart } from './effects/start-test-postgres.js';
