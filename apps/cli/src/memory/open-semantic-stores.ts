import { projectId } from '@engram/fs';
import type { EngramScope, SemanticStore } from '@engram/kernel';
import { activeStore, openActivePostgres, type StoreFlags } from '../store/active-store.js';
import { StoreOpenError } from '../store/store-open-error.js';
import { MemoryUsageError, openMemory, type MemoryRootOptions } from './open-memory.js';

/** A command's semantic stores on the active backend, and how to release them. */
export interface SemanticStores {
  readonly stores: Readonly<Record<EngramScope, SemanticStore>>;
  /** `files` or `postgres:TENANT`, for messages. */
  readonly where: string;
  readonly close: () => Promise<void>;
}

/**
 * The global and project semantic stores of the active backend: the files under `--home` and
 * `--project`, or PostgreSQL (the project keyed by its id in `<project>/.engram/project.json`).
 */
export const openSemanticStores = async (options: MemoryRootOptions & StoreFlags): Promise<SemanticStores> => {
  const active = activeStore(options);
  if (active.kind === 'problem') throw new MemoryUsageError(active.problem);
  const m = openMemory(options);
  if (active.kind === 'files') return { stores: m.stores, where: 'files', close: () => Promise.resolve() };
  const opened = await openActivePostgres(active);
  if ('exit' in opened) throw new StoreOpenError(opened.message, opened.exit);
  const { PostgresSemanticStore } = await import('@engram/store-postgres');
  const id = await projectId(m.project);
  const stores = { global: new PostgresSemanticStore({ db: opened.db, scope: 'global' }), project: new PostgresSemanticStore({ db: opened.db, scope: 'project', projectId: id }) };
  return {
    stores,
    where: `postgres:${opened.db.tenant}`,
    close: async () => {
      stores.global.close();
      stores.project.close();
      await opened.db.close();
    },
  };
};
