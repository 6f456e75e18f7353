import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The folders holding event logs: the project's, then the global one (DESIGN.md, storage). */
export const eventLogDirs = (home: string, project: string): string[] => [join(project, '.engram', 'events'), join(home, 'events')];

/** `*.jsonl` files directly in `dir`, sorted by name (session ids sort by time); none when it is missing. */
export const jsonlFilesIn = (dir: string): string[] => {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isFile() && d.name.endsWith('.jsonl'))
      .map((d) => join(dir, d.name))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
};
