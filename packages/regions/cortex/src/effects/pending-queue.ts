import { ENGRAM_FILE_NAMES, ensureDir, readTextContained, rootForDir, withLock, writeFileAtomic } from '@engram/fs';
import { dirname, join } from 'node:path';
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
export class PendingQueue {
  /** The trusted folder the file lies under (default: the project folder, or `$ENGRAM_HOME`); no link between may be followed. */
  readonly root: string;

  constructor(
    readonly file: string,
    options: { readonly root?: string } = {},
  ) {
    this.root = options.root ?? rootForDir(dirname(file));
  }

  list(): readonly PendingItem[] {
    return this.load().items;
  }

  /** Queues an item; a proposal already waiting (same text, kind, scope) is returned instead. */
  add(item: PendingItem): Promise<PendingItem> {
    return this.change((f) => {
      const r = addPending(f, item);
      return { file: r.file, result: r.item };
    });
  }

  /** Takes items out by pending id or 1-based position; unknown selectors are reported. */
  take(selectors: readonly string[]): Promise<{ taken: PendingItem[]; unknown: string[] }> {
    return this.change((f) => {
      const r = takePending(f, selectors);
      return { file: r.file, result: { taken: r.taken, unknown: r.unknown } };
    });
  }

  /** Puts items back (an accept whose write failed), at the front, in their order. */
  restore(items: readonly PendingItem[]): Promise<void> {
    return this.change((f) => ({ file: { ...f, items: [...items.filter((i) => !f.items.some((x) => x.pendingId === i.pendingId)), ...f.items] }, result: undefined }));
  }

  private change<R>(fn: (file: PendingFile) => { file: PendingFile; result: R }): Promise<R> {
    ensureDir(this.root, dirname(this.file));
    return withLock(this.file, {}, (assertHeld) => {
      const before = this.load();
      const { file, result } = fn(before);
      if (file !== before) writeFileAtomic(this.file, `${JSON.stringify(file, null, 2)}\n`, { root: this.root, beforeCommit: assertHeld });
      return result;
    });
  }

  private load(): PendingFile {
    // Pending proposals are shown to the user and may be accepted into memory: never read through a link.
    const text = readTextContained(this.root, this.file);
    if (text === null) return EMPTY_PENDING;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new PendingFileError(this.file, `not valid JSON (${err instanceof Error ? err.message : String(err)}); fix or remove it`);
    }
    const parsed = PendingFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PendingFileError(this.file, `field ${issue === undefined ? '?' : issue.path.join('.')}: ${issue?.message ?? 'invalid'}`);
    }
    return parsed.data;
  }
}
