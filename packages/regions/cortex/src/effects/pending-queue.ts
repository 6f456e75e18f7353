import { ENGRAM_FILE_NAMES } from '@engram/fs';
import { join } from 'node:path';
import { JsonItemFile } from './json-item-file.js';
import type { PendingStore } from './pending-store.js';
import { EMPTY_PENDING, PendingFileSchema, addPending, takePending, type PendingFile, type PendingItem } from '../pending-item.js';

/** The pending file's name inside an `.engram` folder. */
export const PENDING_FILE_NAME = ENGRAM_FILE_NAMES.pendingMemory;

/** Where the queue lives: `<project>/.engram/pending-memory.json`, else `$ENGRAM_HOME/pending-memory.json`. */
export const pendingPathFor = (engramRoot: string): string => join(engramRoot, PENDING_FILE_NAME);

/** A pending file that cannot be read: reported with its place, and never written over. */
export class PendingFileError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = 'PendingFileError';
  }
}

/**
 * The durable queue of proposals waiting for the user (copilot mode): one JSON file, every
 * change a locked read-modify-write with an atomic replace, so sessions and `engram memory
 * pending` can share it. A corrupt file is refused rather than overwritten, so nothing queued
 * is lost by a bad edit.
 */
export class PendingQueue implements PendingStore {
  private readonly store: JsonItemFile<PendingFile>;

  constructor(file: string, options: { readonly root?: string } = {}) {
    this.store = new JsonItemFile(file, PendingFileSchema, EMPTY_PENDING, (f, detail) => new PendingFileError(f, detail), options);
  }

  get file(): string {
    return this.store.file;
  }

  get location(): string {
    return this.store.file;
  }

  /** The trusted folder the file lies under; no link between may be followed. */
  get root(): string {
    return this.store.root;
  }

  list(): readonly PendingItem[] {
    return this.store.read().items;
  }

  /** Queues an item; a proposal already waiting (same text, kind, scope) is returned instead. */
  add(item: PendingItem): Promise<PendingItem> {
    return this.store.change((f) => {
      const r = addPending(f, item);
      return { file: r.file, result: r.item };
    });
  }

  /** Takes items out by pending id or 1-based position; unknown selectors are reported. */
  take(selectors: readonly string[]): Promise<{ taken: PendingItem[]; unknown: string[] }> {
    return this.store.change((f) => {
      const r = takePending(f, selectors);
      return { file: r.file, result: { taken: r.taken, unknown: r.unknown } };
    });
  }

  /** Puts items back (an accept whose write failed), at the front, in their order. */
  restore(items: readonly PendingItem[]): Promise<void> {
    return this.store.change((f) => ({ file: { ...f, items: [...items.filter((i) => !f.items.some((x) => x.pendingId === i.pendingId)), ...f.items] }, result: undefined }));
  }
}
