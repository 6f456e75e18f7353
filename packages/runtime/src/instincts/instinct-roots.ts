import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The flags every `engram instincts` command takes. */
export interface InstinctOptions {
  readonly home?: string;
  readonly project?: string;
  readonly scope?: string;
  readonly now?: string;
  readonly json?: boolean;
}

/** A usage problem: the command exits 2. */
export class InstinctUsageError extends Error {
  override name = 'InstinctUsageError';
}

export interface InstinctRoots {
  readonly home: string;
  readonly project: string;
  /** Event log folders read: the project's, then the global store's. */
  readonly eventDirs: readonly string[];
  /** The `instincts/` folder written (project by default, `--scope global` for the home's). */
  readonly instinctsDir: string;
  /** Where promotions and archives are recorded as events: the events folder of the instincts' scope. */
  readonly lifecycleEventsDir: string;
  readonly now: number;
}

/**
 * Resolves the roots as the memory commands do: home is `--home`, else `$ENGRAM_HOME`, else
 * `~/.engram`; project is `--project`, else the current folder. `--now` pins the analysis time
 * (replays and tests); by default it is the wall clock, read once here at the edge.
 */
export const instinctRoots = (o: InstinctOptions, env: Readonly<Record<string, string | undefined>> = process.env): InstinctRoots => {
  const home = resolve(o.home ?? env['ENGRAM_HOME'] ?? join(homedir(), '.engram'));
  const project = resolve(o.project ?? process.cwd());
  const scope = o.scope ?? 'project';
  if (scope !== 'project' && scope !== 'global') throw new InstinctUsageError(`--scope must be project or global, not ${JSON.stringify(scope)}`);
  const now = o.now === undefined ? Date.now() : Date.parse(o.now);
  if (Number.isNaN(now)) throw new InstinctUsageError(`--now must be an ISO time, not ${JSON.stringify(o.now)}`);
  return {
    home,
    project,
    eventDirs: [join(project, '.engram', 'events'), join(home, 'events')],
    instinctsDir: scope === 'project' ? join(project, '.engram', 'instincts') : join(home, 'instincts'),
    lifecycleEventsDir: scope === 'project' ? join(project, '.engram', 'events') : join(home, 'events'),
    now,
  };
};
