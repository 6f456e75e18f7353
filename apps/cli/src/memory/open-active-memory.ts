import { Cortex } from '@engram/cortex';
import type { EngramPaths } from '@engram/fs';
import type { AnyDraft } from '@engram/events';
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
  /**
   * Records what the command did (a removal, a retirement, a contradiction) in an event log of its
   * own session id: a JSONL file in the scope's events folder, or the store's event log. Call it
   * before `close`. Returns where the records went.
   */
  readonly record: (scope: EngramScope, drafts: readonly AnyDraft[]) => Promise<string>;
  /** Releases the store's connections (nothing for files). */
  readonly close: () => Promise<void>;
}

/**
 * The memory of the store `--store`/`ENGRAM_STORE` names: the files exactly as `openMemory` opens
 * them (the default, loading no database client), or PostgreSQL through the brain the runtime
 * opens (`openActiveBrain`: the project keyed by its stable id), with the store's quarantine and
 * the retired entries' history.
 */
export const openActiveMemory = async (options: MemoryRootOptions & StoreFlags & { readonly sink?: EventSink }, env: NodeJS.ProcessEnv = process.env): Promise<ActiveMemory> => {
  const active = activeStore(options, env);
  if (active.kind === 'problem') throw new MemoryUsageError(active.problem);
  if (active.kind === 'files') {
    const m = openMemory(options, env);
    const record = async (scope: EngramScope, drafts: readonly AnyDraft[]) => (await import('@engram/runtime')).recordEvents(m.paths.eventsDirOf(scope), Date.now(), drafts);
    return { cortex: m.cortex, stores: m.stores, where: (s) => m.stores[s].dir, paths: m.paths, record, close: () => Promise.resolve() };
  }
  const mode = memoryModeOf(env);
  const brain = await openActiveBrain({ ...options, project: resolve(options.project ?? process.cwd()) }, env);
  const { semantic, pending, quarantine, histories, location } = brain.stores;
  if (semantic.project === null) {
    await brain.close();
    throw new MemoryUsageError('no project folder: give --project DIR');
  }
  const stores = { global: semantic.global, project: semantic.project };
  const cortex = new Cortex({
    ...stores,
    mode,
    pending,
    quarantine,
    histories,
    ...(options.sink === undefined ? {} : { sink: options.sink }),
  });
  const { recordEventsIn } = await import('@engram/runtime');
  const record = (_scope: EngramScope, drafts: readonly AnyDraft[]) => recordEventsIn((id) => brain.stores.eventLog(id), Date.now(), drafts);
  return { cortex, stores, where: (s) => `${location} ${s}`, paths: brain.paths, record, close: () => brain.close() };
};

/** Runs `f` on the active store's memory, then releases it (also when `f` fails). */
export const withActiveMemory = async <T>(options: MemoryRootOptions & StoreFlags & { readonly sink?: EventSink }, f: (m: ActiveMemory) => Promise<T>): Promise<T> => {
  const m = await openActiveMemory(options);
  try {
    return await f(m);
  } finally {
    await m.close();
  }
};
