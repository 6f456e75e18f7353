import { engramPaths } from '@engram/fs';
import { resolve } from 'node:path';

export interface HookFlags {
  readonly project?: string;
  readonly home?: string;
}

export interface HookRoots {
  readonly project: string;
  /** Where the project came from, to name it when the folder is missing. */
  readonly projectFrom: '--project' | 'CLAUDE_PROJECT_DIR' | "the payload's cwd";
  readonly home: string;
  /** `<project>/.engram/hooks`: the session map and the per-session locks. */
  readonly hooksDir: string;
}

/**
 * Where a hook's session lives. Project: `--project`, else `CLAUDE_PROJECT_DIR` (set by Claude
 * Code for every hook and stable when the model `cd`s elsewhere), else the payload's `cwd`. Home:
 * `--home`, else `ENGRAM_HOME`, else `~/.engram`, as for every other command.
 */
export const hookRoots = (flags: HookFlags, cwd: string, env: NodeJS.ProcessEnv): HookRoots => {
  const fromEnv = env['CLAUDE_PROJECT_DIR'];
  const useEnv = fromEnv !== undefined && fromEnv.trim() !== '';
  const project = resolve(flags.project ?? (useEnv ? fromEnv : cwd));
  const projectFrom = flags.project !== undefined ? '--project' : useEnv ? 'CLAUDE_PROJECT_DIR' : "the payload's cwd";
  const paths = engramPaths({ home: flags.home, project }, env);
  return { project, projectFrom, home: paths.home, hooksDir: paths.hooksDir ?? '' };
};
