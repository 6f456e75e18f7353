import { statSync } from 'node:fs';

/** What identifies a log's content cheaply: any append changes its size, a replaced file its inode. */
export interface LogStamp {
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
}

/** The stamp of the log at `file`, or null when there is none. */
export const logStamp = (file: string): LogStamp | null => {
  try {
    const st = statSync(file);
    return { ino: st.ino, size: st.size, mtimeMs: st.mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
};

export const sameStamp = (a: LogStamp | null, b: LogStamp | null): boolean => a !== null && b !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
