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

/** Every tenant-scoped table of migrations 1-14: migration 15 re-keys their policies on the role. */
const ROLE_KEYED_TABLES = [
  'engram_events',
  'engram_memory',
  'engram_skills',
  'engram_recipes',
  'engram_instincts',
  'engram_pending',
  'engram_episodes',
  'engram_memory_removals',
  'engram_sessions',
  'engram_analysis_state',
  'engram_quarantine',
  'engram_history',
] as const;

/**
 * A table's tenant policy keyed on `engram_tenant()` (migration 15): a tenant role's own tenant,
 * never one its client names. The sub-select makes it one evaluation per statement (an init plan)
 * whose result the primary keys' leading `tenant` column can still use.
 */
const roleKeyedPolicy = (table: string): string => `
DROP POLICY ${table}_tenant ON ${table};
CREATE POLICY ${table}_tenant ON ${table}
  USING (tenant = (SELECT engram_tenant()))
  WITH CHECK (tenant = (SELECT engram_tenant()));`;

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
  // 4..9 were never used (numbers reserved while two branches added migrations side by side): versions only have to increase.
  {
    version: 10,
    name: 'episodes',
    sql: `
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it; a role that
-- does not own the database needs it created once by one that does (CREATE EXTENSION pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE TABLE engram_episodes (
  tenant  text    NOT NULL DEFAULT current_setting('engram.tenant', true),
  -- The project's stable id (<project>/.engram/project.json): episodes are a project's, as on disk.
  project text    NOT NULL CHECK (project ~ '^[A-Za-z0-9_-]{8,64}$'),
  session text    NOT NULL CHECK (session ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$'),
  -- The record's line in its session (1-based), as in <session>.jsonl.
  line    integer NOT NULL CHECK (line > 0),
  -- Record time in ms x 1024 + line slot (episodeKey): recall streams matches newest first by it.
  key     bigint  NOT NULL,
  turn    integer NOT NULL,
  role    text    NOT NULL,
  -- The JSONL line as the file backend writes it (json, not jsonb: key order and NUL escapes survive).
  record  json    NOT NULL,
  -- The content lower-cased by engram (not by the server's locale), searched through pg_trgm;
  -- every candidate is re-checked with Anton's matcher, so this only has to over-match.
  folded  text    NOT NULL,
  PRIMARY KEY (tenant, project, session, line),
  UNIQUE (tenant, project, key)
);
CREATE INDEX engram_episodes_turn ON engram_episodes (tenant, project, session, turn);
CREATE INDEX engram_episodes_trgm ON engram_episodes USING gin (folded gin_trgm_ops);
${tenantPolicy('engram_episodes')}
-- Under FORCEd row-level security the planner may use an index only for leakproof conditions, and
-- LIKE is not one, so a search written in a query's WHERE could never use the trigram index. A
-- policy's own condition can: recall puts its pattern in engram.episode_match for one transaction,
-- and this RESTRICTIVE policy (it only ever narrows what the tenant policy allows) matches on it.
-- Unset (every other query), the pattern is '%', which every row passes.
CREATE POLICY engram_episodes_match ON engram_episodes AS RESTRICTIVE FOR SELECT
  USING (folded LIKE coalesce(nullif(current_setting('engram.episode_match', true), ''), '%'));`,
  },
  {
    version: 11,
    name: 'memory removals',
    sql: `
-- How many rows each scope has lost (deleted, or an id changed): a reader that re-reads only the
-- rows written since its snapshot (rev) compares this one number instead of counting the scope,
-- and reads the scope whole when it moved. Only removals touch it, so concurrent encoders (inserts)
-- never wait on its row.
CREATE TABLE engram_memory_removals (
  tenant    text   NOT NULL DEFAULT current_setting('engram.tenant', true),
  scope_key text   NOT NULL,
  removals  bigint NOT NULL,
  PRIMARY KEY (tenant, scope_key)
);
${tenantPolicy('engram_memory_removals')}
CREATE FUNCTION engram_memory_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO engram_memory_removals (tenant, scope_key, removals)
    SELECT tenant, scope_key, count(*) FROM gone GROUP BY tenant, scope_key
  ON CONFLICT (tenant, scope_key) DO UPDATE SET removals = engram_memory_removals.removals + excluded.removals;
  RETURN NULL;
END $$;
CREATE FUNCTION engram_memory_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO engram_memory_removals (tenant, scope_key, removals) VALUES (OLD.tenant, OLD.scope_key, 1)
  ON CONFLICT (tenant, scope_key) DO UPDATE SET removals = engram_memory_removals.removals + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER engram_memory_deleted AFTER DELETE ON engram_memory REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION engram_memory_deleted();
CREATE TRIGGER engram_memory_renamed AFTER UPDATE OF id ON engram_memory FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION engram_memory_renamed();`,
  },
  {
    version: 12,
    name: 'session logs and the habit loop\'s analysis state',
    sql: `
-- One row per session log: what the habit loop and the memory audit list (which logs exist and
-- which grew since they were read) without a GROUP BY over every event. Kept by the append, in
-- the same transaction as the rows it counts (a retried batch inserts nothing, so counts nothing).
CREATE TABLE engram_sessions (
  tenant     text        NOT NULL DEFAULT current_setting('engram.tenant', true),
  session_id text        NOT NULL,
  last_seq   bigint      NOT NULL,
  events     bigint      NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, session_id)
);
${tenantPolicy('engram_sessions')}
-- The logs already stored, every tenant's: the migration runs as the tables' owner, which the
-- policies bind only while they are FORCEd, so they are lifted for this one statement (the
-- migration is one transaction: no other session ever sees the table unforced).
ALTER TABLE engram_events NO FORCE ROW LEVEL SECURITY;
ALTER TABLE engram_sessions NO FORCE ROW LEVEL SECURITY;
INSERT INTO engram_sessions (tenant, session_id, last_seq, events, changed_at)
  SELECT tenant, session_id, max(seq), count(*), now() FROM engram_events GROUP BY tenant, session_id;
ALTER TABLE engram_events FORCE ROW LEVEL SECURITY;
ALTER TABLE engram_sessions FORCE ROW LEVEL SECURITY;
-- The habit loop's incremental analysis per scope (global or project:ID): its summaries of every
-- log read, so a session's end reads only the logs that grew. A cache of the logs: rebuildable.
CREATE TABLE engram_analysis_state (
  tenant     text        NOT NULL DEFAULT current_setting('engram.tenant', true),
  scope_key  text        NOT NULL CHECK (scope_key = 'global' OR scope_key ~ '^project:[A-Za-z0-9_-]{8,64}$'),
  state      text        NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant, scope_key)
);
${tenantPolicy('engram_analysis_state')}`,
  },
  {
    version: 13,
    name: 'quarantine and memory history',
    sql: `
-- Proposals held by the write-time screen (instruction-like), in order (pos), per scope as the
-- pending queue: shown to a person by engram memory quarantine, never put into a prompt.
CREATE TABLE engram_quarantine (
  tenant        text NOT NULL DEFAULT current_setting('engram.tenant', true),
  scope_key     text NOT NULL CHECK (scope_key = 'global' OR scope_key ~ '^project:[A-Za-z0-9_-]{8,64}$'),
  quarantine_id text NOT NULL,
  pos           int  NOT NULL,
  item          json NOT NULL,
  PRIMARY KEY (tenant, scope_key, quarantine_id)
);
${tenantPolicy('engram_quarantine')}
-- Retired (superseded) entries of a scope, append-only in order (seq); forget deletes by entry id.
CREATE TABLE engram_history (
  tenant    text      NOT NULL DEFAULT current_setting('engram.tenant', true),
  scope_key text      NOT NULL CHECK (scope_key = 'global' OR scope_key ~ '^project:[A-Za-z0-9_-]{8,64}$'),
  seq       bigserial NOT NULL,
  entry_id  text      NOT NULL,
  -- json, not jsonb: the record comes back field for field, in its order, as it was appended.
  record    json      NOT NULL,
  PRIMARY KEY (tenant, scope_key, seq)
);
CREATE INDEX engram_history_entry ON engram_history (tenant, scope_key, entry_id);
${tenantPolicy('engram_history')}`,
  },
  {
    version: 14,
    name: 'the project of each session log',
    sql: `
-- The project a session ran in (its stable id from project.json), set by the session's first
-- append; null for a session without a project and for logs stored before this migration. The
-- habit loop and the audit of a project read its own sessions and those without a project, as on
-- the files they read the project's events folder and the global one.
ALTER TABLE engram_sessions ADD COLUMN project_id text CHECK (project_id ~ '^[A-Za-z0-9_-]{8,64}$');`,
  },
  {
    version: 15,
    name: 'tenant roles',
    sql: `
-- Login roles that belong to one tenant (engram store grant): the policies below key on the role
-- (current_user), so such a role reaches its tenant's rows whatever engram.tenant its client sets.
-- Tenant roles may read only their own row and write none (SELECT is granted, nothing else); the
-- owner (the admin connection) is not bound by this table's policy, which is not FORCEd.
CREATE TABLE engram_tenant_roles (
  role_name  name        PRIMARY KEY,
  tenant     text        NOT NULL CHECK (tenant ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$'),
  granted_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE engram_tenant_roles ENABLE ROW LEVEL SECURITY;
CREATE POLICY engram_tenant_roles_own ON engram_tenant_roles FOR SELECT USING (role_name = current_user);
-- The tenant a statement may reach: the role's own when it is a tenant role, else (the owner, the
-- admin connection) the connection's engram.tenant. search_path is pinned to this schema with
-- pg_temp last, so a temporary table of the same name can never stand in for the mapping.
DO $do$ BEGIN
  EXECUTE format($f$CREATE FUNCTION engram_tenant() RETURNS text LANGUAGE sql STABLE SET search_path = %I, pg_temp AS
    'SELECT coalesce((SELECT tenant FROM engram_tenant_roles WHERE role_name = current_user), current_setting(''engram.tenant'', true))'$f$, current_schema());
END $do$;
${ROLE_KEYED_TABLES.map(roleKeyedPolicy).join('\n')}`,
  },
  {
    version: 16,
    name: 'ranked episode recall',
    sql: `
-- Ranked recall (EpisodeStore.search): the record's fields as one weighted tsvector, as the SQLite
-- index's FTS5 columns: A the text (engram's folded copy), B who said it (meta.speaker when it is a
-- string, else the role), C the tool, D the date as words ("May 2023"). A record holding an escaped
-- NUL anywhere cannot be read with -> (PostgreSQL refuses \\u0000 in text), so its B, C and D
-- fall back to the role. Queried with websearch_to_tsquery, ranked by ts_rank_cd.
ALTER TABLE engram_episodes ADD COLUMN terms tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, folded), 'A') ||
  setweight(to_tsvector('english'::regconfig, CASE WHEN strpos(record::text, '\\u0000') = 0 AND json_typeof(record->'meta'->'speaker') = 'string' THEN record->'meta'->>'speaker' ELSE role END), 'B') ||
  setweight(to_tsvector('english'::regconfig, CASE WHEN strpos(record::text, '\\u0000') = 0 AND json_typeof(record->'meta'->'tool') = 'string' THEN record->'meta'->>'tool' ELSE '' END), 'C') ||
  setweight(to_tsvector('english'::regconfig, CASE WHEN strpos(record::text, '\\u0000') = 0 AND (record->'ts')::text ~ '^"[0-9]{4}-[0-9]{2}' THEN (CASE substr((record->'ts')::text, 7, 2) WHEN '01' THEN 'January' WHEN '02' THEN 'February' WHEN '03' THEN 'March' WHEN '04' THEN 'April' WHEN '05' THEN 'May' WHEN '06' THEN 'June' WHEN '07' THEN 'July' WHEN '08' THEN 'August' WHEN '09' THEN 'September' WHEN '10' THEN 'October' WHEN '11' THEN 'November' WHEN '12' THEN 'December' ELSE '' END) || ' ' || substr((record->'ts')::text, 2, 4) ELSE '' END), 'D')
) STORED;
CREATE INDEX engram_episodes_terms ON engram_episodes USING gin (terms);`,
  },
  {
    version: 17,
    name: 'embeddings',
    sql: `
-- Meaning beside words (an Embedder configured: docs/recall-bench.md): one vector per episode, with
-- the model that made it (a change of model is noticed and re-embedded, never compared across
-- models), little-endian float32 bytes. Deleted with its episode.
CREATE TABLE engram_episode_vectors (
  tenant  text   NOT NULL DEFAULT current_setting('engram.tenant', true),
  project text   NOT NULL,
  key     bigint NOT NULL,
  model   text   NOT NULL,
  vec     bytea  NOT NULL,
  PRIMARY KEY (tenant, project, key),
  FOREIGN KEY (tenant, project, key) REFERENCES engram_episodes (tenant, project, key) ON DELETE CASCADE
);
-- Memory entries' vectors by the entry text's SHA-256 and the model: an entry edited or superseded
-- gets a new text and so a new vector; one text told in both scopes is embedded once.
CREATE TABLE engram_text_vectors (
  tenant text  NOT NULL DEFAULT current_setting('engram.tenant', true),
  model  text  NOT NULL,
  hash   text  NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  vec    bytea NOT NULL,
  PRIMARY KEY (tenant, model, hash)
);
${['engram_episode_vectors', 'engram_text_vectors'].map((t) => `ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY;
ALTER TABLE ${t} FORCE ROW LEVEL SECURITY;
CREATE POLICY ${t}_tenant ON ${t} USING (tenant = (SELECT engram_tenant())) WITH CHECK (tenant = (SELECT engram_tenant()));`).join('\n')}`,
  },
  {
    version: 18,
    name: 'ranked recall under row-level security',
    sql: `
-- As engram_episodes_match does for LIKE (migration 10): @@ is not leakproof, so under FORCEd
-- row-level security a ranked search written in a WHERE never uses the GIN index on terms and reads
-- the whole project. Ranked recall puts its tsquery in engram.episode_terms for one transaction,
-- and the restrictive policy (it only ever narrows what the tenant policy allows) matches on it.
-- Unset (every other query), the query is !'engram all': the negation of a lexeme holding a space,
-- which the parser never emits, so every row passes. One policy for both conditions: each policy is
-- a security level of its own and only the first (by name) may use a non-leakproof index, so a
-- second policy engram_episodes_terms would never reach the GIN index. No sub-select: the planner
-- folds the settings when it estimates, so it knows an unset condition passes every row.
DROP POLICY engram_episodes_match ON engram_episodes;
CREATE POLICY engram_episodes_match ON engram_episodes AS RESTRICTIVE FOR SELECT
  USING (folded LIKE coalesce(nullif(current_setting('engram.episode_match', true), ''), '%')
         AND terms @@ coalesce(nullif(current_setting('engram.episode_terms', true), ''), '!''engram all''')::tsquery);`,
  },
  {
    version: 19,
    name: 'ranked recall word counts',
    sql: `
-- Ranked recall's counts (EpisodeStore.search: each question word's rows, for its idf and the cap of
-- MAX_SCORED_ROWS, and the project's rows), kept per project and lexeme of terms. Counted at every
-- question they cost a read of each counted row (row-level security checks every row in the heap:
-- 10-50 ms a word past the cap at a million rows, a second for the project's rows); kept, a
-- question reads them in one statement. n is the rows holding the lexeme (once a row, in any
-- field: what terms @@ 'lexeme' matches); word '' holds the project's rows (a tsvector never holds
-- an empty lexeme). A word whose rows are all gone stays, with n 0.
CREATE TABLE engram_episode_words (
  tenant  text   NOT NULL DEFAULT current_setting('engram.tenant', true),
  project text   NOT NULL,
  word    text   NOT NULL,
  n       bigint NOT NULL,
  PRIMARY KEY (tenant, project, word)
);
-- The rows already stored, every tenant's: the owner is bound by the FORCEd policies, so they are
-- lifted for this transaction (the ALTER holds the table's exclusive lock until it commits).
ALTER TABLE engram_episodes NO FORCE ROW LEVEL SECURITY;
INSERT INTO engram_episode_words (tenant, project, word, n)
  SELECT tenant, project, word, count(*) FROM (SELECT tenant, project, lexeme AS word FROM engram_episodes, unnest(terms)
                                               UNION ALL SELECT tenant, project, '' FROM engram_episodes) AS r
  GROUP BY tenant, project, word;
ALTER TABLE engram_episodes FORCE ROW LEVEL SECURITY;
ALTER TABLE engram_episode_words ENABLE ROW LEVEL SECURITY;
ALTER TABLE engram_episode_words FORCE ROW LEVEL SECURITY;
CREATE POLICY engram_episode_words_tenant ON engram_episode_words USING (tenant = (SELECT engram_tenant())) WITH CHECK (tenant = (SELECT engram_tenant()));
-- Kept in the writer's transaction by statement triggers: a statement's changed rows (its
-- transition table) added (argument 1) or taken away (-1); an update does both, a truncate empties
-- the counts. Rows are upserted in key order, so two appends of a project wait for each other's
-- counts (the '' row at least) until the first commits, and never deadlock within a statement.
-- search_path is pinned as for engram_tenant(), so a temporary table cannot stand in for the counts.
DO $do$ BEGIN
  EXECUTE format($f$CREATE FUNCTION engram_count_episode_words() RETURNS trigger LANGUAGE plpgsql SET search_path = %I, pg_temp AS $body$
BEGIN
  INSERT INTO engram_episode_words AS w (tenant, project, word, n)
    SELECT tenant, project, word, count(*) * TG_ARGV[0]::int
    FROM (SELECT tenant, project, lexeme AS word FROM changed, unnest(terms) UNION ALL SELECT tenant, project, '' FROM changed) AS r
    GROUP BY tenant, project, word ORDER BY tenant, project, word
  ON CONFLICT (tenant, project, word) DO UPDATE SET n = w.n + excluded.n;
  RETURN NULL;
END $body$$f$, current_schema());
  EXECUTE format($f$CREATE FUNCTION engram_forget_episode_words() RETURNS trigger LANGUAGE plpgsql SET search_path = %I, pg_temp AS $body$
BEGIN
  TRUNCATE engram_episode_words;
  RETURN NULL;
END $body$$f$, current_schema());
END $do$;
CREATE TRIGGER engram_episode_words_inserted AFTER INSERT ON engram_episodes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engram_count_episode_words('1');
CREATE TRIGGER engram_episode_words_deleted AFTER DELETE ON engram_episodes REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engram_count_episode_words('-1');
CREATE TRIGGER engram_episode_words_updated_new AFTER UPDATE ON engram_episodes REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engram_count_episode_words('1');
CREATE TRIGGER engram_episode_words_updated_old AFTER UPDATE ON engram_episodes REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION engram_count_episode_words('-1');
CREATE TRIGGER engram_episode_words_truncated AFTER TRUNCATE ON engram_episodes FOR EACH STATEMENT EXECUTE FUNCTION engram_forget_episode_words();`,
  },
];

/** The newest schema version this build knows. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
