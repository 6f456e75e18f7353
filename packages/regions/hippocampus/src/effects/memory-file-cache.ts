import type { EngramScope } from '@engram/kernel';
import { containedPath, isFsError, readContained, type FsPort, type PortStats } from '@engram/fs';
import { createDocument } from '../create-document.js';
import type { MemoryDocument, MemoryFileKind } from '../memory-document.js';
import { parseMemoryFile } from '../parse-memory-file.js';
import { MemoryIndex } from '../memory-index.js';

/** The identity the cache keys a file's content by: inode (a rename installs a new one), size, nanosecond mtime. */
export const contentKey = (s: PortStats): string => `${s.ino}:${s.size}:${s.mtimeNs}`;

/** A memory file as last seen: its parsed document and index, and the stat that proves it is current. */
export interface LoadedFile {
  readonly path: string;
  readonly exists: boolean;
  readonly doc: MemoryDocument;
  readonly index: MemoryIndex;
  /** Set when the file cannot be decoded: it is then never rewritten, so nothing in it is lost. */
  readonly unreadable: string | null;
}

/**
 * Identity of a file's current content without reading it. Reads and dedupe reuse the parse
 * while this is unchanged (Anton re-read and re-parsed every file on every prompt build,
 * §15.19). The file is looked at, never through: a link (the file or a folder above it under
 * the root) is refused by `containedPath`.
 */
const statKey = (root: string, path: string, port: FsPort): string | null => {
  const st = port.lstat(containedPath(root, path, port));
  return st === null ? null : contentKey(st);
};

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** One store's parsed files, revalidated by stat on every use. */
export class MemoryFileCache {
  private readonly entries = new Map<string, { key: string; loaded: LoadedFile }>();

  constructor(
    private readonly scope: EngramScope,
    private readonly root: string,
    private readonly port: FsPort,
  ) {}

  load(path: string, file: MemoryFileKind): LoadedFile {
    const hit = this.entries.get(path);
    let key: string | null;
    let bytes: Buffer | null = null;
    try {
      key = statKey(this.root, path, this.port);
      if (key !== null && hit?.key === key) return hit.loaded;
      if (key !== null) bytes = readContained(this.root, path, this.port);
    } catch (err) {
      // A linked memory file or folder (a cloned repository can carry one) is reported and
      // never read into the prompt nor written through; the other files still load.
      if (!isFsError(err)) throw err;
      this.entries.delete(path);
      const empty = { ...createDocument(file, this.scope), lines: [] };
      return { path, exists: true, doc: empty, index: new MemoryIndex(empty), unreadable: err.message };
    }
    if (key === null || bytes === null) {
      this.entries.delete(path);
      const doc = createDocument(file, this.scope);
      return { path, exists: false, doc, index: new MemoryIndex(doc), unreadable: null };
    }
    let loaded: LoadedFile;
    try {
      const doc = parseMemoryFile(file, this.scope, UTF8.decode(bytes));
      loaded = { path, exists: true, doc, index: new MemoryIndex(doc), unreadable: null };
    } catch (err) {
      const doc = createDocument(file, this.scope);
      loaded = { path, exists: true, doc: { ...doc, lines: [] }, index: new MemoryIndex({ ...doc, lines: [] }), unreadable: `${path}: not valid UTF-8 (${(err as Error).message}); it is left untouched` };
    }
    this.entries.set(path, { key, loaded });
    return loaded;
  }

  /** The content key the cached parse of `path` belongs to, if any. */
  keyOf(path: string): string | null {
    return this.entries.get(path)?.key ?? null;
  }

  /**
   * Records what this process just wrote, so the next use needs no re-parse. `key` is the
   * content key of exactly what was written (an append's descriptor), when known: if the path
   * holds anything else by the next use, that use re-parses.
   */
  remember(path: string, loaded: LoadedFile, key: string | null = statKey(this.root, path, this.port)): void {
    if (key === null) this.entries.delete(path);
    else this.entries.set(path, { key, loaded });
  }

  forget(path: string): void {
    this.entries.delete(path);
  }
}
