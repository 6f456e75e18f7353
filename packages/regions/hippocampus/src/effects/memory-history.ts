import { appendDurably, ENGRAM_FILE_NAMES, ensureDir, readTextContained, rootForDir, withLock, writeFileAtomic } from '@engram/fs';
import { dirname, join } from 'node:path';
import { MemoryHistoryRecordSchema, type MemoryHistoryRecord } from '../memory-history-record.js';
import type { MemoryHistoryStore } from './memory-history-store.js';

const safeJson = (line: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
};

/** A line of the history that could not be read: reported with its place, kept in the file. */
export interface HistoryProblem {
  readonly file: string;
  readonly line: number;
  readonly problem: string;
}

/**
 * The retired entries of one memory folder (`<memory>/history.jsonl`): appended under the file's
 * lock and fdatasynced (a retirement that returned survives a power loss), read line by line
 * (a bad line is reported and skipped, never fatal), rewritten atomically only by `forget`.
 */
export class MemoryHistory implements MemoryHistoryStore {
  readonly file: string;
  readonly root: string;

  constructor(
    readonly dir: string,
    options: { readonly root?: string } = {},
  ) {
    this.file = join(dir, ENGRAM_FILE_NAMES.memoryHistory);
    this.root = options.root ?? rootForDir(dir);
  }

  get location(): string {
    return this.file;
  }

  records(): Promise<readonly MemoryHistoryRecord[]> {
    return Promise.resolve(this.read().records);
  }

  /** Drops the lines of these entry ids (a line that is not a record stays), under the lock, atomically. */
  remove(ids: readonly string[]): Promise<number> {
    const gone = new Set(ids);
    return this.filterLines((line) => {
      const r = MemoryHistoryRecordSchema.safeParse(safeJson(line));
      return !(r.success && gone.has(r.data.id));
    });
  }

  async append(records: readonly MemoryHistoryRecord[]): Promise<void> {
    if (records.length === 0) return;
    ensureDir(this.root, dirname(this.file));
    const text = records.map((r) => `${JSON.stringify(MemoryHistoryRecordSchema.parse(r))}\n`).join('');
    await withLock(this.file, {}, () => {
      appendDurably(this.file, text, { root: this.root, sync: true });
    });
  }

  read(): { readonly records: MemoryHistoryRecord[]; readonly problems: HistoryProblem[] } {
    const text = readTextContained(this.root, this.file);
    const records: MemoryHistoryRecord[] = [];
    const problems: HistoryProblem[] = [];
    if (text === null) return { records, problems };
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        problems.push({ file: this.file, line: i + 1, problem: 'not valid JSON' });
        return;
      }
      const r = MemoryHistoryRecordSchema.safeParse(json);
      if (r.success) records.push(r.data);
      else problems.push({ file: this.file, line: i + 1, problem: `field ${r.error.issues[0]?.path.join('.') ?? '?'}: ${r.error.issues[0]?.message ?? 'invalid'}` });
    });
    return { records, problems };
  }

  /**
   * Keeps only the lines `keep` accepts (the raw line, parsed or not), under the lock, with an
   * atomic replace; returns how many lines went. Used by `forget`, which must not leave a
   * retired entry holding the subject.
   */
  async filterLines(keep: (line: string) => boolean): Promise<number> {
    return withLock(this.file, {}, (assertHeld) => {
      const text = readTextContained(this.root, this.file);
      if (text === null) return 0;
      const lines = text.split('\n').filter((l) => l !== '');
      const kept = lines.filter(keep);
      if (kept.length === lines.length) return 0;
      writeFileAtomic(this.file, kept.map((l) => `${l}\n`).join(''), { root: this.root, beforeCommit: assertHeld });
      return lines.length - kept.length;
    });
  }
}
