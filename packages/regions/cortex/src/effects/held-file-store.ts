import { TaggedError } from '@engram/kernel';
import type { z } from 'zod';
import { JsonItemFile } from './json-item-file.js';
import type { HeldStore } from './held-store.js';
import { changeHeld, type HeldItem, type HeldKind, type HeldStep } from '../held/held-kind.js';

/** A held store's file: versioned so a later shape can be read through an upgrade. */
interface HeldFile<I> {
  readonly version: 1;
  readonly items: readonly I[];
}

/** How a kind's file is read: its schema. */
export interface HeldFileKind<I extends HeldItem> extends HeldKind<I> {
  readonly schema: z.ZodType<HeldFile<I>>;
}

/** A held-proposal file (pending or quarantine) that cannot be read: reported with its place, and never written over. */
export class HeldFileError extends TaggedError('HeldFileError')<{
  readonly reason: 'unreadable';
  readonly kind: HeldKind<HeldItem>['name'];
  readonly file: string;
  readonly message: string;
}> {}

/**
 * Held proposals in one JSON file (0600, through @engram/fs: atomic replace, no links followed),
 * every change a locked read-modify-write, so sessions and `engram memory pending|quarantine`
 * share it; a corrupt file is refused, never overwritten, so nothing held is lost by a bad edit.
 */
export class HeldFileStore<I extends HeldItem> implements HeldStore<I> {
  private readonly store: JsonItemFile<HeldFile<I>>;
  private readonly steps: ReturnType<typeof changeHeld<I>>;

  constructor(kind: HeldFileKind<I>, file: string, options: { readonly root?: string } = {}) {
    this.store = new JsonItemFile(file, kind.schema, { version: 1, items: [] }, (at, detail) => new HeldFileError({ reason: 'unreadable', kind: kind.name, file: at, message: `${at}: ${detail}` }), options);
    this.steps = changeHeld(kind);
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

  list(): readonly I[] {
    return this.store.read().items;
  }

  add(item: I): Promise<I> {
    return this.change(this.steps.add(item));
  }

  take(selectors: readonly string[]): Promise<{ taken: I[]; unknown: string[] }> {
    return this.change(this.steps.take(selectors));
  }

  restore(items: readonly I[]): Promise<void> {
    return this.change(this.steps.restore(items));
  }

  private change<A>(step: HeldStep<I, A>): Promise<A> {
    return this.store.change((f) => {
      const { items, result } = step(f.items);
      return { file: items === f.items ? f : { ...f, items }, result };
    });
  }
}
