import { PendingQueue, QuarantineStore } from '@engram/cortex';
import type { EngramPaths } from '@engram/fs';
import { FileSemanticStore, MemoryHistory, SqliteTextVectors } from '@engram/hippocampus';
import type { Clock } from '@engram/kernel';
import { join } from 'node:path';
import type { MemoryStores } from '../brain-stores.js';

/** Memory entries' vectors, beside the home's other indexes (a cache: deleting it costs a re-embed). */
const TEXT_VECTORS_FILE = 'text-vectors.sqlite';

/** The memory files of both scopes (the project's null outside a project). */
export const fileSemanticStores = (paths: EngramPaths, clock: Clock): MemoryStores['semantic'] => ({
  global: new FileSemanticStore({ scope: 'global', dir: paths.globalMemoryDir, root: paths.home, clock }),
  project: paths.projectMemoryDir === null ? null : new FileSemanticStore({ scope: 'project', dir: paths.projectMemoryDir, root: paths.rootOf(paths.projectMemoryDir), clock }),
});

/**
 * The memory part of the file stores (`fileBrainStores` holds exactly these): the memory files of
 * both scopes, their histories, the pending queue and the quarantine under the project's `.engram`
 * (the home's outside a project), and the entries' vectors under the home's index folder. A memory
 * command opens only these (no skill, instinct or event-log store is made).
 */
export const fileMemoryStores = (paths: EngramPaths, clock: Clock): MemoryStores => ({
  semantic: fileSemanticStores(paths, clock),
  histories: {
    global: new MemoryHistory(paths.globalMemoryDir, { root: paths.home }),
    project: paths.projectMemoryDir === null ? null : new MemoryHistory(paths.projectMemoryDir, { root: paths.rootOf(paths.projectMemoryDir) }),
  },
  pending: new PendingQueue(paths.pendingMemoryFile),
  quarantine: new QuarantineStore(paths.quarantineFile),
  textVectors: new SqliteTextVectors(join(paths.globalIndexDir, TEXT_VECTORS_FILE)),
});
