import { ENGRAM_FILE_NAMES } from '@engram/fs';
import { join } from 'node:path';
import { HeldFileStore, type HeldFileKind } from './held-file-store.js';
import { PENDING_KIND, PendingFileSchema, type PendingItem } from '../pending-item.js';

/** The pending file's name inside an `.engram` folder. */
export const PENDING_FILE_NAME = ENGRAM_FILE_NAMES.pendingMemory;

/** Where the queue lives: `<project>/.engram/pending-memory.json`, else `$ENGRAM_HOME/pending-memory.json`. */
export const pendingPathFor = (engramRoot: string): string => join(engramRoot, PENDING_FILE_NAME);

/** The pending kind of held proposal, as its file is read. */
const PENDING_FILE_KIND: HeldFileKind<PendingItem> = { ...PENDING_KIND, schema: PendingFileSchema };

/**
 * The durable queue of proposals waiting for the user (copilot mode), in
 * `<project>/.engram/pending-memory.json`: the held-proposal file of kind `pending`.
 */
export class PendingQueue extends HeldFileStore<PendingItem> {
  constructor(file: string, options: { readonly root?: string } = {}) {
    super(PENDING_FILE_KIND, file, options);
  }
}
