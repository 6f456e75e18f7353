import type { AnyEnvelope } from '@engram/events';
import { projectId, type EngramPaths } from '@engram/fs';
import type { Clock, Embedder } from '@engram/kernel';
import { StoreOpenError } from '../open/store-open-error.js';
import {
  appendEvents,
  listSessionLogs,
  openPostgres,
  PostgresOpenError,
  readAnalysisState,
  writeAnalysisState,
  PostgresEpisodeStore,
  PostgresTextVectors,
  PostgresInstinctStore,
  PostgresMemoryHistory,
  PostgresPendingStore,
  PostgresQuarantineStore,
  PostgresRecipeStore,
  PostgresSemanticStore,
  PostgresSkillStore,
  holdSessionLease,
  readEvents,
  redactEvents,
  scopeKey,
  sessionHolds,
  StoreRefusal,
  withReconnect,
  type PostgresDb,
} from '@engram/store-postgres';
import type { BrainStores, SessionLogWriter } from '../brain-stores.js';
import { StoreSettingError } from '../store-settings.js';
import type { AnalysisStateStore } from '../instincts/analysis-state-store.js';
import { parseAnalysisState, renderAnalysisState } from '../instincts/analysis-state.js';
import type { SessionLogs } from '../session-logs.js';
import { compareCodeUnits } from '@engram/kernel';

/**
 * The project's session logs and those without a project (a brain without a project: only
 * those), listed from `engram_sessions` (one row a session, kept by each append), read by session.
 */
const postgresLogs = (db: PostgresDb, project: string | null): SessionLogs => {
  const where = (sessionId: string) => `postgres:${db.tenant}/events/${sessionId}`;
  return {
    list: async () => {
      const rows = await withReconnect(() => listSessionLogs(db, { project }));
      // Session order as the files sort their names (the database's collation may differ).
      return rows.map((r) => ({ sessionId: r.sessionId, location: where(r.sessionId), size: r.lastSeq, changedAt: r.changedAt })).sort((a, b) => compareCodeUnits(a.sessionId, b.sessionId));
    },
    read: async (log, options = {}) => {
      const types = options.ifHolds;
      if (types !== undefined && !(await withReconnect(() => sessionHolds(db, log.sessionId, types)))) return { events: [], problems: [] };
      // Envelopes were checked when appended: a database log has no bad lines to report.
      return { events: await withReconnect(() => readEvents(db, log.sessionId)), problems: [] };
    },
  };
};

/**
 * The analysis state in a row per scope (migration 12), not rebuilt in memory: a session's end
 * runs in a fresh hook process, so a state kept only in memory would mean reading every log of
 * the window at every end; one row read and written per run is what the file costs.
 */
const postgresAnalysisState = (db: PostgresDb, key: string): AnalysisStateStore => ({
  location: `postgres:${db.tenant}/${key}/analysis-state`,
  load: async (lookahead) => parseAnalysisState(await readAnalysisState(db, key), lookahead),
  save: (state) => writeAnalysisState(db, key, renderAnalysisState(state)),
});

/**
 * A session's log in PostgreSQL: each batch appended in one transaction, retried after a lost
 * connection (idempotent by event id), the session marked as the project's.
 */
const postgresLog = (db: PostgresDb, sessionId: string, project: string | null): SessionLogWriter => ({
  location: `postgres:${db.tenant}/events/${sessionId}`,
  append: (batch: readonly AnyEnvelope[]) => withReconnect(() => appendEvents(db, sessionId, batch, { project })),
  sync: () => undefined,
  close: () => undefined,
  read: () => withReconnect(() => readEvents(db, sessionId)),
});

/**
 * Every store of a brain on one PostgreSQL pool bound to the tenant: the event log, semantic
 * memory of both scopes (the project keyed by its stable id from `<project>/.engram/project.json`),
 * skills, recipes, instincts, the pending queue, the quarantine, the retired entries' history and
 * the project's episodes. Loaded
 * only when a store URL is set, so a brain on files never loads `pg`.
 */
export const postgresBrainStores = async (settings: { readonly url: string; readonly tenant: string; readonly allowUnisolated?: boolean }, paths: EngramPaths, clock: Clock, embedder: Embedder | null = null): Promise<BrainStores> => {
  // A refused role (a superuser without --allow-unisolated, a tenant role naming another tenant) is a setting to change (exit 2);
  // a server that cannot be reached is `unreachable` (exit 3), any other failure to open `failed`.
  const db = await openPostgres({ url: settings.url, tenant: settings.tenant, allowUnisolated: settings.allowUnisolated === true }).catch((err: unknown) => {
    if (err instanceof StoreRefusal) throw new StoreSettingError({ reason: 'refused-role', setting: 'ENGRAM_STORE', message: err.message });
    throw new StoreOpenError({ reason: err instanceof PostgresOpenError ? err.reason : 'failed', message: err instanceof Error ? err.message : String(err), cause: err });
  });
  try {
    const project = paths.project === null ? null : await projectId(paths.project);
    const global = new PostgresSemanticStore({ db, scope: 'global', clock });
    const projectStore = project === null ? null : new PostgresSemanticStore({ db, scope: 'project', projectId: project, clock });
    const key = (scope: 'global' | 'project') => (scope === 'project' && project !== null ? scopeKey('project', project) : 'global');
    return {
      kind: 'postgres',
      location: `${db.where} (tenant ${db.tenant})`,
      semantic: { global, project: projectStore },
      histories: { global: new PostgresMemoryHistory(db, 'global'), project: project === null ? null : new PostgresMemoryHistory(db, key('project')) },
      skills: new PostgresSkillStore(db, { clock }),
      recipes: new PostgresRecipeStore(db),
      pending: new PostgresPendingStore(db, key('project')),
      quarantine: new PostgresQuarantineStore(db, key('project')),
      instincts: (scope) => new PostgresInstinctStore(db, key(scope)),
      eventLog: (sessionId) => postgresLog(db, sessionId, project),
      holdSession: (sessionId) => holdSessionLease(db, sessionId),
      logs: postgresLogs(db, project),
      analysisState: (scope) => postgresAnalysisState(db, key(scope)),
      redactEvents: async (matcher, options) => (await redactEvents(db, matcher, options)).map((r) => ({ location: postgresLog(db, r.sessionId, project).location, events: r.events, occurrences: r.occurrences, seqs: r.seqs })),
      episodes: project === null ? null : new PostgresEpisodeStore({ db, projectId: project, clock, embedder }),
      textVectors: new PostgresTextVectors(db),
      close: async () => {
        global.close();
        projectStore?.close();
        await db.close();
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
};
