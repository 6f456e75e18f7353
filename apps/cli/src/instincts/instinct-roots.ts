import { engramPaths } from '@engram/fs';
import { resolve } from 'node:path';

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
  const paths = engramPaths({ home: o.home, project: o.project ?? process.cwd() }, env);
  const home = paths.home;
  const project = paths.project ?? resolve(process.cwd());
  const scope = o.scope ?? 'project';
  if (scope !== 'project' && scope !== 'global') throw new InstinctUsageError(`--scope must be project or global, not ${JSON.stringify(scope)}`);
  const now = o.now === undefined ? Date.now() : Date.parse(o.now);
  if (Number.isNaN(now)) throw new InstinctUsageError(`--now must be an ISO time, not ${JSON.stringify(o.now)}`);
  return {
    home,
    project,
    eventDirs: [paths.eventsDirOf('project'), paths.globalEventsDir],
    instinctsDir: paths.instinctsDir(scope),
    lifecycleEventsDir: paths.eventsDirOf(scope),
    now,
  };
};
