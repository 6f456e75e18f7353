import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { AnyEnvelope } from '@engram/events';
import { readLogFile } from '@engram/store';

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

/**
 * Every event log of the project and the global store, read in session order: session ids start
 * with their local start time, so sorting by file name is time order.
 */
export const readEventLogsInOrder = (home: string, project: string): { files: string[]; logs: AnyEnvelope[][] } => {
  const files = eventLogDirs(home, project)
    .flatMap(jsonlFilesIn)
    .sort((a, b) => basename(a).localeCompare(basename(b)));
  return { files, logs: files.map((f) => readLogFile(f).events) };
};
