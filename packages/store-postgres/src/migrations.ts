/**
 * The schema, as numbered migrations applied in order under an advisory lock (never edited once
 * released: a change is a new migration). Every table carries `tenant`, defaulted from the
 * connection's `engram.tenant` setting and guarded by row-level security, so no query can read or
 * write another tenant's rows; FORCE makes the policy hold for the tables' owner too.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** A tenant-scoped table's row-level security: rows of the connection's tenant only, both ways. */
const tenantPolicy = (table: string): string => `
ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
CREATE POLICY ${table}_tenant ON ${table}
  USING (tenant = current_setting('engram.tenant', true))
  WITH CHECK (tenant = current_setting('engram.tenant', true));`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'event log',
    sql: `
CREATE TABLE engram_events (
  tenant     text   NOT NULL DEFAULT current_setting('engram.tenant', true),
  session_id text   NOT NULL,
  seq        bigint NOT NULL,
  event_id   text   NOT NULL,
  type       text   NOT NULL,
  -- json, not jsonb: the envelope comes back byte for byte as it was appended (replay compares it).
  envelope   json   NOT NULL,
  PRIMARY KEY (tenant, session_id, seq),
  -- Appends are idempotent by event id: a batch retried after a lost connection adds nothing twice.
  UNIQUE (tenant, session_id, event_id)
);
${tenantPolicy('engram_events')}`,
  },
];

/** The newest schema version this build knows. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
