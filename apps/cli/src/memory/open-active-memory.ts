import { Cortex, QuarantineStore } from '@engram/cortex';
import type { EngramPaths } from '@engram/fs';
import type { EngramScope, EventSink, SemanticStore } from '@engram/kernel';
import { resolve } from 'node:path';
import { activeStore, type StoreFlags } from '../store/active-store.js';
import { openActiveBrain } from '../store/open-active-brain.js';
import { MemoryUsageError, memoryModeOf, openMemory, type MemoryRootOptions } from './open-memory.js';

/** A memory command's view of the active store: the cortex over both scopes and the stores themselves. */
export interface ActiveMemory {
  readonly cortex: Cortex;
  readonly stores: Readonly<Record<EngramScope, SemanticStore>>;
  /** Where a scope's entries are, for messages: its folder, or the store and tenant. */
  readonly where: (scope: EngramScope) => string;
  readonly paths: EngramPaths;
  /** Releases the store's connections (nothing for files). */
  readonly close: () => Promise<void>;
}

/**
 * The memory of the store `--store`/`ENGRAM_STORE` names: the files exactly as `openMemory` opens
 * them (the default, loading no database client), or PostgreSQL through the brain the runtime
 * opens (`openActiveBrain`: the project keyed by its stable id). The quarantine stays a file
 * either way (docs/postgres.md).
 */
export const openActiveMemory = async (options: MemoryRootOptions & StoreFlags & { readonly sink?: EventSink }, env: NodeJS.ProcessEnv = process.env): Promise<ActiveMemory> => {
  const active = activeStore(options, env);
  if (active.kind === 'problem') throw new MemoryUsageError(active.problem);
  if (active.kind === 'files') {
    const m = openMemory(options, env);
    return { cortex: m.cortex, stores: m.stores, where: (s) => m.stores[s].dir, paths: m.paths, close: () => Promise.resolve() };
  }
  const mode = memoryModeOf(env);
  const brain = await openActiveBrain({ ...options, project: resolve(options.project ?? process.cwd()) }, env);
  const { semantic, pending, histories, location } = brain.stores;
  if (semantic.project === null) {
    await brain.close();
    throw new MemoryUsageError('no project folder: give --project DIR');
  }
  const stores = { global: semantic.global, project: semantic.project };
  const cortex = new Cortex({
    ...stores,
    mode,
    pending,
    quarantine: new QuarantineStore(brain.paths.quarantineFile),
    ...(histories === null ? {} : { histories }),
    ...(options.sink === undefined ? {} : { sink: options.sink }),
  });
  return { cortex, stores, where: (s) => `${location} ${s}`, paths: brain.paths, close: () => brain.close() };
};
