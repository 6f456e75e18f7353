import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export interface EngramPaths {
  /** The global root (`$ENGRAM_HOME`, default `~/.engram`). */
  readonly home: string;
  /** The project folder, or null for sessions outside a project. */
  readonly project: string | null;
  /** Where this session's event logs go: the project's `.engram/events`, else the global `events`. */
  readonly eventsDir: string;
  readonly globalMemoryDir: string;
  readonly projectMemoryDir: string | null;
}

/** Resolves the roots as DESIGN.md's storage table says: flags, then environment, then defaults. */
export const engramPaths = (opts: { home?: string | undefined; project?: string | null | undefined }, env: NodeJS.ProcessEnv = process.env): EngramPaths => {
  const home = resolve(opts.home ?? env.ENGRAM_HOME ?? join(homedir(), '.engram'));
  const project = opts.project === null || opts.project === undefined ? null : resolve(opts.project);
  return {
    home,
    project,
    eventsDir: project ? join(project, '.engram', 'events') : join(home, 'events'),
    globalMemoryDir: join(home, 'memory'),
    projectMemoryDir: project ? join(project, '.engram', 'memory') : null,
  };
};
