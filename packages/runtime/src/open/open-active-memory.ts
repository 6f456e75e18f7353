import { Cortex, PendingQueue, parseMemoryMode } from '@engram/cortex';
import type { AnyDraft } from '@engram/events';
import { engramPaths, type EngramPaths } from '@engram/fs';
import { embedderFromEnv, FileSemanticStore, MemoryHistory, SqliteTextVectors, textMeaning } from '@engram/hippocampus';
import type { EngramScope, EventSink, SemanticStore } from '@engram/kernel';
import { join, resolve } from 'node:path';
import { recordEvents, recordEventsIn } from '../audit/record-events.js';
import { StoreSettingError, storeSettings } from '../store-settings.js';
import { openActiveBrain, type MemoryFlags } from './open-active-brain.js';

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

/** Where a command's cortex records what it did (the retirements of `add --supersedes`); nothing by default. */
const NO_SINK: EventSink = { publish: () => undefined };

type Options = MemoryFlags & { readonly sink?: EventSink };

/**
 * The files' memory, whatever store is set (`memory context` and the Anton import work on the files): the file stores (hippocampus) wired to the coordinator (cortex). Global root:
 * `--home`, else `$ENGRAM_HOME`, else `~/.engram`; project: `--project`, else the current folder.
 * The pending queue lives in the project's `.engram/`.
 */
export const openFileMemory = (options: Options, env: NodeJS.ProcessEnv): ActiveMemory & { readonly stores: Readonly<Record<EngramScope, FileSemanticStore>> } => {
  const paths = engramPaths({ home: options.home, project: options.project ?? process.cwd() }, env);
  const home = paths.home;
  const project = paths.project ?? process.cwd();
  const mode = parseMemoryMode(env['ENGRAM_MEMORY_MODE']);
  const stores = {
    global: new FileSemanticStore({ dir: paths.memoryDir('global'), scope: 'global', root: home }),
    project: new FileSemanticStore({ dir: paths.memoryDir('project'), scope: 'project', root: project }),
  };
  const histories = { global: new MemoryHistory(paths.memoryDir('global'), { root: home }), project: new MemoryHistory(paths.memoryDir('project'), { root: project }) };
  // With an embedder (ENGRAM_EMBEDDER_URL, `--embedder`): the block ranks by meaning too, the entries' vectors kept beside the home's index.
  const embedder = embedderFromEnv(env);
  const meaning = embedder === null ? {} : { meaning: textMeaning(embedder, new SqliteTextVectors(join(paths.globalIndexDir, 'text-vectors.sqlite'))) };
  const cortex = new Cortex({ global: stores.global, project: stores.project, mode, pending: new PendingQueue(paths.pendingMemoryFile, { root: project }), histories, sink: options.sink ?? NO_SINK, ...meaning });
  const record = (scope: EngramScope, drafts: readonly AnyDraft[]) => recordEvents(paths.eventsDirOf(scope), Date.now(), drafts);
  return { cortex, stores, where: (s) => stores[s].dir, paths, project, store: 'files', record, close: () => Promise.resolve() };
};

/**
 * The one way a command outside a session opens memory: the store `--store`/`ENGRAM_STORE` names
 * (parsed by `storeSettings`, so a bad setting is a `StoreSettingError`), the files exactly as
 * before (loading no database client), or PostgreSQL through the brain's stores (the project keyed
 * by its stable id) with the store's quarantine and the retired entries' history. A bad
 * `ENGRAM_MEMORY_MODE` is a `MemoryModeError`.
 */
export const openActiveMemory = async (options: Options, env: NodeJS.ProcessEnv = process.env): Promise<ActiveMemory> => {
  const settings = storeSettings(options, env);
  if (settings === null) return openFileMemory(options, env);
  const mode = parseMemoryMode(env['ENGRAM_MEMORY_MODE']);
  const project = resolve(options.project ?? process.cwd());
  const brain = await openActiveBrain({ ...options, project }, env);
  const { semantic, pending, quarantine, histories, location } = brain.stores;
  if (semantic.project === null) {
    await brain.close();
    throw new StoreSettingError({ reason: 'no-project', setting: '--project', message: 'no project folder: give --project DIR' });
  }
  const stores = { global: semantic.global, project: semantic.project };
  const meaning = brain.embedder === null || brain.stores.textVectors === undefined ? {} : { meaning: textMeaning(brain.embedder, brain.stores.textVectors) };
  const cortex = new Cortex({ ...stores, mode, pending, quarantine, histories, ...(options.sink === undefined ? {} : { sink: options.sink }), ...meaning });
  const record = (_scope: EngramScope, drafts: readonly AnyDraft[]) => recordEventsIn((id) => brain.stores.eventLog(id), Date.now(), drafts);
  return { cortex, stores, where: (s) => `${location} ${s}`, paths: brain.paths, project, store: `postgres:${settings.tenant}`, record, close: () => brain.close() };
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
