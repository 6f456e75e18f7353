import { ensureDir, readTextContained, rootForDir, withLock, writeFileAtomic } from '@engram/fs';
import { dirname } from 'node:path';
import type { z } from 'zod';

/**
 * One JSON file of items that sessions and CLI commands share (the pending queue, the
 * quarantine): every change a locked read-modify-write with an atomic replace, never through a
 * link (the items may be accepted into memory), and a file that cannot be read is refused with
 * its place and field rather than overwritten, so nothing in it is lost by a bad edit.
 */
export class JsonItemFile<F> {
  /** The trusted folder the file lies under (default: the project folder, or `$ENGRAM_HOME`); no link between may be followed. */
  readonly root: string;

  constructor(
    readonly file: string,
    private readonly schema: z.ZodType<F>,
    private readonly empty: F,
    private readonly refuse: (file: string, detail: string) => Error,
    options: { readonly root?: string } = {},
  ) {
    this.root = options.root ?? rootForDir(dirname(file));
  }

  /** Applies `fn` under the file's lock; writes only when it returned a new file. */
  change<R>(fn: (file: F) => { file: F; result: R }): Promise<R> {
    ensureDir(this.root, dirname(this.file));
    return withLock(this.file, {}, (assertHeld) => {
      const before = this.read();
      const { file, result } = fn(before);
      if (file !== before) writeFileAtomic(this.file, `${JSON.stringify(file, null, 2)}\n`, { root: this.root, beforeCommit: assertHeld });
      return result;
    });
  }

  read(): F {
    const text = readTextContained(this.root, this.file);
    if (text === null) return this.empty;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw this.refuse(this.file, `not valid JSON (${err instanceof Error ? err.message : String(err)}); fix or remove it`);
    }
    const parsed = this.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw this.refuse(this.file, `field ${issue === undefined ? '?' : issue.path.join('.')}: ${issue?.message ?? 'invalid'}`);
    }
    return parsed.data;
  }
}
