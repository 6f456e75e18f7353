import { ENGRAM_FILE_NAMES, ensureDir, readTextContained, rootForDir, withLock, writeFileAtomic } from '@engram/fs';
import { dirname, join } from 'node:path';
import { EMPTY_QUARANTINE, QuarantineFileSchema, addQuarantined, takeQuarantined, type QuarantineFile, type QuarantineItem } from '../quarantine/quarantine-item.js';

/** The quarantine file's name inside an `.engram` folder (or `$ENGRAM_HOME`). */
export const QUARANTINE_FILE_NAME = ENGRAM_FILE_NAMES.quarantine;

/** Where the quarantine lives: beside the pending queue. */
export const quarantinePathFor = (engramRoot: string): string => join(engramRoot, QUARANTINE_FILE_NAME);

/** A quarantine file that cannot be read: reported with its place, and never written over. */
export class QuarantineFileError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = 'QuarantineFileError';
  }
}

/**
 * The durable quarantine: proposals held because they read as instructions to the agent. One
 * JSON file (0600, through @engram/fs: atomic replace, no links followed), every change a locked
 * read-modify-write; a corrupt file is refused, never overwritten. Nothing here is ever read into
 * a prompt: only `engram memory quarantine` shows it, to a person.
 */
export class QuarantineStore {
  readonly root: string;

  constructor(
    readonly file: string,
    options: { readonly root?: string } = {},
  ) {
    this.root = options.root ?? rootForDir(dirname(file));
  }

  list(): readonly QuarantineItem[] {
    return this.load().items;
  }

  add(item: QuarantineItem): Promise<QuarantineItem> {
    return this.change((f) => {
      const r = addQuarantined(f, item);
      return { file: r.file, result: r.item };
    });
  }

  take(selectors: readonly string[]): Promise<{ taken: QuarantineItem[]; unknown: string[] }> {
    return this.change((f) => {
      const r = takeQuarantined(f, selectors);
      return { file: r.file, result: { taken: r.taken, unknown: r.unknown } };
    });
  }

  /** Puts items back (an accept whose write failed), at the front. */
  restore(items: readonly QuarantineItem[]): Promise<void> {
    return this.change((f) => ({ file: { ...f, items: [...items.filter((i) => !f.items.some((x) => x.quarantineId === i.quarantineId)), ...f.items] }, result: undefined }));
  }

  private change<R>(fn: (file: QuarantineFile) => { file: QuarantineFile; result: R }): Promise<R> {
    ensureDir(this.root, dirname(this.file));
    return withLock(this.file, {}, (assertHeld) => {
      const before = this.load();
      const { file, result } = fn(before);
      if (file !== before) writeFileAtomic(this.file, `${JSON.stringify(file, null, 2)}\n`, { root: this.root, beforeCommit: assertHeld });
      return result;
    });
  }

  private load(): QuarantineFile {
    const text = readTextContained(this.root, this.file);
    if (text === null) return EMPTY_QUARANTINE;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new QuarantineFileError(this.file, `not valid JSON (${err instanceof Error ? err.message : String(err)}); fix or remove it`);
    }
    const parsed = QuarantineFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new QuarantineFileError(this.file, `field ${issue === undefined ? '?' : issue.path.join('.')}: ${issue?.message ?? 'invalid'}`);
    }
    return parsed.data;
  }
}
