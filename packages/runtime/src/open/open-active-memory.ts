import { parseMemoryMode, type Cortex } from '@engram/cortex';
import type { AnyDraft } from '@engram/events';
import { engramPaths, type EngramPaths } from '@engram/fs';
import { embedderFromEnv } from '@engram/hippocampus';
import { systemClock, type EngramScope, type EventSink, type SemanticStore } from '@engram/kernel';
import { resolve } from 'node:path';
import type { MemoryStores } from '../brain-stores.js';
import { recordEvents, recordEventsIn } from '../audit/record-events.js';
import { StoreSettingError, storeSettings } from '../store-settings.js';
import { fileMemoryStores } from './file-memory-stores.js';
import { openActiveBrain, type MemoryFlags } from './open-active-brain.js';
import { openMemory } from './open-memory.js';

/** A memory command's view of the active store: the cortex over both scopes and the stores themselves. */
export interface ActiveMemory {
  readonly cortex: Cortex;
  readonly stores: Readonly<Record<EngramScope, SemanticStore>>;
  /** Where a scope's entries are, for messages: its folder, or the store and tenant. */
  readonly where: (scope: EngramScope) => string;
  readonly paths: EngramPaths;
  /** The project folder (`--project`, else the current folder). */
  readonly project: string;
  /** `files`, or `postgres:TENANT`, for messages. */
  readonly store: string;
  /**
   * Records what the command did (a removal, a retirement, a contradiction) in an event log of its
   * own session id: a JSONL file in the scope's events folder, or the store's event log. Call it
   * before `close`. Returns where the records went.
   */
  readonly record: (scope: EngramScope, drafts: readonly AnyDraft[]) => Promise<string>;
  /** Releases the store's connections (nothing for files). */
  readonly close: () => Promise<void>;
}

type Options = MemoryFlags & { readonly sink?: EventSink };

/** Both scopes' entries; null when the stores have no project. */
const bothScopes = ({ semantic: { global, project } }: MemoryStores): Readonly<Record<EngramScope, SemanticStore>> | null => (project === null ? null : { global, project });

const noProject = () => new StoreSettingError({ reason: 'no-project', setting: '--project', message: 'no project folder: give --project DIR' });

/**
 * The files' memory, whatever store is set (`memory context` and the Anton import work on the
 * files): `fileMemoryStores` opened by `openMemory`, as a session opens them. Global root:
 * `--home`, else `$ENGRAM_HOME`, else `~/.engram`; project: `--project`, else the current folder.
 * With an embedder (`ENGRAM_EMBEDDER_URL`, `--embedder`) the block ranks by meaning too.
 */
export const openFileMemory = (options: Options, env: NodeJS.ProcessEnv): ActiveMemory => {
  const paths = engramPaths({ home: options.home, project: options.project ?? process.cwd() }, env);
  const project = paths.project ?? process.cwd();
  const memory = fileMemoryStores(paths, systemClock);
  // engramPaths was given a project folder, so this holds.
  const stores = bothScopes(memory);
  if (stores === null) throw noProject();
  const cortex = openMemory(memory, { mode: parseMemoryMode(env['ENGRAM_MEMORY_MODE']), embedder: embedderFromEnv(env), ...(options.sink === undefined ? {} : { sink: options.sink }) });
  const record = (scope: EngramScope, drafts: readonly AnyDraft[]) => recordEvents(paths.eventsDirOf(scope), Date.now(), drafts);
  return { cortex, stores, where: (s) => paths.memoryDir(s), paths, project, store: 'files', record, close: () => Promise.resolve() };
};

/**
 * The one way a command outside a session opens memory: the store `--store`/`ENGRAM_STORE` names
 * (parsed by `storeSettings`, so a bad setting is a `StoreSettingError`), the files exactly as
 * before (loading no database client), or PostgreSQL through the brain's stores (the project keyed
 * by its stable id) with the store's quarantine and the retired entries' history; both through
 * `openMemory`. A bad `ENGRAM_MEMORY_MODE` is a `MemoryModeError`.
 */
export const openActiveMemory = async (options: Options, env: NodeJS.ProcessEnv = process.env): Promise<ActiveMemory> => {
  const settings = storeSettings(options, env);
  if (settings === null) return openFileMemory(options, env);
  const mode = parseMemoryMode(env['ENGRAM_MEMORY_MODE']);
  const project = resolve(options.project ?? process.cwd());
  const brain = await openActiveBrain({ ...options, project }, env);
  const stores = bothScopes(brain.stores);
  if (stores === null) {
    await brain.close();
    throw noProject();
  }
  const cortex = openMemory(brain.stores, { mode, embedder: brain.embedder, ...(options.sink === undefined ? {} : { sink: options.sink }) });
  const record = (_scope: EngramScope, drafts: readonly AnyDraft[]) => recordEventsIn((id) => brain.stores.eventLog(id), Date.now(), drafts);
  return { cortex, stores, where: (s) => `${brain.stores.location} ${s}`, paths: brain.paths, project, store: `postgres:${settings.tenant}`, record, close: () => brain.close() };
};

/** Runs `f` on the active store's memory, then releases it (also when `f` fails). */
export const withActiveMemory = async <T>(options: Options, f: (m: ActiveMemory) => Promise<T>, env: NodeJS.ProcessEnv = process.env): Promise<T> => {
  const m = await openActiveMemory(options, env);
  try {
    return await f(m);
  } finally {
    await m.close();
  }
};
