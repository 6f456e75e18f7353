import { join } from 'node:path';
import { DEFAULT_LOCK_SETTINGS, ensureDir, readTextContained, StampedCache, withLock, writeFileAtomic } from '@engram/fs';
import { TaggedError } from '@engram/kernel';

/** Refused write: a project's record file holds something that cannot be read back, and rewriting it would lose that. */
class ProjectFileError extends TaggedError('ProjectFileError')<{ readonly reason: 'unreadable'; readonly file: string; readonly problem: string; readonly message: string }> {
  constructor(file: string, problem: string) {
    super({ reason: 'unreadable', file, problem, message: `${problem}; fix or remove it by hand (nothing was written)` });
  }
}

/** What a read gives: the content, and what could not be read (one line each, naming file and entry). */
export interface ProjectFileRead {
  readonly problems: readonly string[];
}

/** One kind of record file: its name in `<project>/.engram`, what an absent (or unreadable) file reads as, and its parser. */
export interface ProjectFileFormat<R extends ProjectFileRead> {
  readonly name: string;
  readonly empty: (problems: readonly string[]) => R;
  readonly parse: (text: string, file: string) => R;
}

/**
 * One JSON file of what a project learned (its call lessons, its record of calls), in
 * `<project>/.engram`: read tolerantly and cached by size and mtime (it is read before every call);
 * changed under the cross-process lock and rewritten whole, atomically, so concurrent sessions add
 * up rather than overwrite. A file holding what cannot be read back is never rewritten.
 */
export class ProjectJsonFile<R extends ProjectFileRead> {
  readonly file: string;
  private readonly cache: StampedCache<R>;

  constructor(
    private readonly projectDir: string,
    private readonly root: string,
    private readonly format: ProjectFileFormat<R>,
  ) {
    this.file = join(projectDir, format.name);
    this.cache = new StampedCache([this.file]);
  }

  read(): R {
    try {
      return this.cache.read(() => this.readNow());
    } catch (err) {
      return this.format.empty([`${this.file}: cannot read: ${(err as Error).message}`]);
    }
  }

  /**
   * `fn` gets what the file holds now (under the lock) and gives the new text (null: leave the file
   * as it is) and a result. Async, so a folder that cannot be made (a symlink, a full disk) is a
   * rejected promise for the caller's background work, never a throw inside a bus subscriber.
   */
  async change<T>(fn: (current: R) => { readonly text: string | null; readonly result: T }): Promise<T> {
    ensureDir(this.root, this.projectDir);
    return withLock(this.file, DEFAULT_LOCK_SETTINGS, (assertHeld) => {
      const current = this.readNow();
      const [problem] = current.problems;
      if (problem !== undefined) throw new ProjectFileError(this.file, problem);
      const { text, result } = fn(current);
      if (text !== null) {
        writeFileAtomic(this.file, text, { root: this.root, beforeCommit: assertHeld });
        this.cache.clear();
      }
      return result;
    });
  }

  private readNow(): R {
    const text = readTextContained(this.root, this.file);
    return text === null ? this.format.empty([]) : this.format.parse(text, this.file);
  }
}
