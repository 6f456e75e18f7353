import { statSync } from 'node:fs';

/** Size, mtime and inode of each path (`-` when missing): replacing a file by rename changes the inode. */
export const fileStamp = (...paths: readonly string[]): string =>
  paths
    .map((p) => {
      try {
        const st = statSync(p);
        return `${st.size}:${st.mtimeMs}:${st.ino}`;
      } catch {
        return '-';
      }
    })
    .join('|');

/**
 * One value parsed from files, parsed again only when a file's stamp changed: stores are listed on
 * every hook call, and re-parsing an unchanged file there is most of a warm hook's time. A load
 * that throws keeps nothing, so the next read tries again.
 */
export class StampedCache<T> {
  private kept: { readonly stamp: string; readonly value: T } | null = null;

  constructor(private readonly paths: readonly string[]) {}

  read(load: () => T): T {
    const stamp = fileStamp(...this.paths);
    if (this.kept?.stamp === stamp) return this.kept.value;
    const value = load();
    this.kept = { stamp, value };
    return value;
  }

  /** Drops the kept value: after this process wrote the files, within the stamp's time resolution. */
  clear(): void {
    this.kept = null;
  }
}
