import type { AnyEnvelope } from '@engram/events';
import { projectId, type EngramPaths } from '@engram/fs';
import type { Clock } from '@engram/kernel';
import {
  appendEvents,
  openPostgres,
  PostgresEpisodeStore,
  PostgresInstinctStore,
  PostgresMemoryHistory,
  PostgresPendingStore,
  PostgresQuarantineStore,
  PostgresRecipeStore,
  PostgresSemanticStore,
  PostgresSkillStore,
  readEvents,
  redactEvents,
  scopeKey,
  withReconnect,
  type PostgresDb,
} from '@engram/store-postgres';
import type { BrainStores, SessionLogWriter } from '../brain-stores.js';

/** A session's log in PostgreSQL: each batch appended in one transaction, retried after a lost connection (idempotent by event id). */
const postgresLog = (db: PostgresDb, sessionId: string): SessionLogWriter => ({
  location: `postgres:${db.tenant}/events/${sessionId}`,
  append: (batch: readonly AnyEnvelope[]) => withReconnect(() => appendEvents(db, sessionId, batch)),
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
export const postgresBrainStores = async (settings: { readonly url: string; readonly tenant: string }, paths: EngramPaths, clock: Clock): Promise<BrainStores> => {
  const db = await openPostgres({ url: settings.url, tenant: settings.tenant });
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
      eventLog: (sessionId) => postgresLog(db, sessionId),
      redactEvents: async (matcher, options) => (await redactEvents(db, matcher, options)).map((r) => ({ location: postgresLog(db, r.sessionId).location, events: r.events, occurrences: r.occurrences, seqs: r.seqs })),
      episodes: project === null ? null : new PostgresEpisodeStore({ db, projectId: project, clock }),
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
