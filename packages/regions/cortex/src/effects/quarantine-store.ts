import { ENGRAM_FILE_NAMES } from '@engram/fs';
import { join } from 'node:path';
import { JsonItemFile } from './json-item-file.js';
import type { QuarantinePort } from './quarantine-port.js';
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
export class QuarantineStore implements QuarantinePort {
  private readonly store: JsonItemFile<QuarantineFile>;

  constructor(file: string, options: { readonly root?: string } = {}) {
    this.store = new JsonItemFile(file, QuarantineFileSchema, EMPTY_QUARANTINE, (f, detail) => new QuarantineFileError(f, detail), options);
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

  list(): readonly QuarantineItem[] {
    return this.store.read().items;
  }

  add(item: QuarantineItem): Promise<QuarantineItem> {
    return this.store.change((f) => {
      const r = addQuarantined(f, item);
      return { file: r.file, result: r.item };
    });
  }

  take(selectors: readonly string[]): Promise<{ taken: QuarantineItem[]; unknown: string[] }> {
    return this.store.change((f) => {
      const r = takeQuarantined(f, selectors);
      return { file: r.file, result: { taken: r.taken, unknown: r.unknown } };
    });
  }

  /** Puts items back (an accept whose write failed), at the front. */
  restore(items: readonly QuarantineItem[]): Promise<void> {
    return this.store.change((f) => ({ file: { ...f, items: [...items.filter((i) => !f.items.some((x) => x.quarantineId === i.quarantineId)), ...f.items] }, result: undefined }));
  }
}
