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
  {
    version: 2,
    name: 'semantic memory',
    sql: `
CREATE TABLE engram_memory (
  tenant     text   NOT NULL DEFAULT current_setting('engram.tenant', true),
  -- 'global', or 'project:ID' with the stable id in <project>/.engram/project.json (not a path,
  -- so two machines with the same checkout share the project's memory).
  scope_key  text   NOT NULL CHECK (scope_key = 'global' OR scope_key ~ '^project:[A-Za-z0-9_-]{8,64}$'),
  id         text   NOT NULL,
  -- The Anton file the entry would live in: dedupe runs per file (rules dedupe across sections).
  file       text   NOT NULL CHECK (file IN ('rules', 'lessons', 'profile')),
  kind       text   CHECK (kind IN ('always', 'never', 'when', 'lesson', 'profile')),
  section    text,
  -- Already scrubbed and sanitised: the normal form dedupe compares (exact, case-sensitive, as Anton).
  text       text   NOT NULL,
  -- sha256 of text, so the unique index below stays small whatever a lesson's length.
  dedupe_key bytea  NOT NULL CHECK (dedupe_key = sha256(convert_to(text, 'UTF8'))),
  confidence text   CHECK (confidence IN ('high', 'medium', 'low')),
  topic      text,
  source     text   CHECK (source IN ('user', 'consolidation', 'llm')),
  -- Where the words came from (docs/memory-trust.md); null when the entry records none (read as model).
  trust      text   CHECK (trust IN ('user', 'detector', 'model', 'quoted')),
  -- The entry's time as it was written (a full UTC instant, or a day for entries Anton wrote).
  updated_at text,
  -- File order: appends are newer; an update keeps its place, a superseding fact goes last.
  pos        bigint GENERATED ALWAYS AS IDENTITY,
  -- The transaction that last wrote the row: a reader that saw the scope at snapshot S re-reads
  -- only rows with rev >= xmin(S) (every transaction S could not see), not the whole scope.
  rev        xid8   NOT NULL DEFAULT pg_current_xact_id(),
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, scope_key, id),
  -- Concurrent encoders of the same text: one insert wins, the others see a duplicate.
  UNIQUE (tenant, scope_key, file, dedupe_key)
);
CREATE INDEX engram_memory_order ON engram_memory (tenant, scope_key, pos);
CREATE INDEX engram_memory_rev ON engram_memory (tenant, scope_key, rev);
${tenantPolicy('engram_memory')}`,
  },
  {
    version: 3,
    name: 'skills, recipes, instincts, pending queue',
    sql: `
-- Procedural memory: one row per skill (the SKILL.md front matter, body and stats.json of a folder).
CREATE TABLE engram_skills (
  tenant      text NOT NULL DEFAULT current_setting('engram.tenant', true),
  label       text NOT NULL CHECK (label ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$' AND length(label) <= 64),
  description text NOT NULL,
  body        text NOT NULL,
  metadata    json NOT NULL,
  stats       json NOT NULL,
  changed_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, label)
);
${tenantPolicy('engram_skills')}
-- Recovery recipes, one row each (what recipes.json holds), merged by id under a lock.
CREATE TABLE engram_recipes (
  tenant     text NOT NULL DEFAULT current_setting('engram.tenant', true),
  recipe_id  text NOT NULL,
  recipe     json NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, recipe_id)
);
${tenantPolicy('engram_recipes')}
-- The habit loop's instincts of a scope (global, or project:ID as memory), tracked or archived.
CREATE TABLE engram_instincts (
  tenant     text NOT NULL DEFAULT current_setting('engram.tenant', true),
  scope_key  text NOT NULL CHECK (scope_key = 'global' OR scope_key ~ '^project:[A-Za-z0-9_-]{8,64}$'),
  id         text NOT NULL,
  status     text NOT NULL CHECK (status IN ('active', 'promoted', 'archived')),
  instinct   json NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, scope_key, id)
);
${tenantPolicy('engram_instincts')}
-- Copilot mode's proposals waiting for the user, in queue order (pos).
CREATE TABLE engram_pending (
  tenant     text NOT NULL DEFAULT current_setting('engram.tenant', true),
  scope_key  text NOT NULL CHECK (scope_key = 'global' OR scope_key ~ '^project:[A-Za-z0-9_-]{8,64}$'),
  pending_id text NOT NULL,
  pos        int  NOT NULL,
  item       json NOT NULL,
  PRIMARY KEY (tenant, scope_key, pending_id)
);
${tenantPolicy('engram_pending')}`,
  },
];

/** The newest schema version this build knows. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
