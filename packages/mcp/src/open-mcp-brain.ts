import { openBrain, readGuardsConfig, type Brain } from '@engram/runtime';

export interface McpRoots {
  /** The global root (default `$ENGRAM_HOME` or `~/.engram`). */
  readonly home?: string | undefined;
  /** The project folder (default: the current directory, as `engram run`). */
  readonly project?: string | undefined;
  readonly env?: NodeJS.ProcessEnv;
  /** `--store URL` (PostgreSQL); default `ENGRAM_STORE`, else the files. */
  readonly store?: string | undefined;
  /** `--tenant NAME`; default `ENGRAM_TENANT`, then `default`. */
  readonly tenant?: string | undefined;
}

/**
 * The brain every client session of a server shares: its roots, modes from the environment,
 * and the project's guards.json, on the store `store` / `ENGRAM_STORE` names (close the brain to release its pool) (a broken one stops the server from starting, with the file and
 * field named: a server has someone to tell, unlike a hook, which fails open).
 */
export const openMcpBrain = (roots: McpRoots): Promise<Brain> => {
  const project = roots.project ?? process.cwd();
  return openBrain({
    ...(roots.home === undefined ? {} : { home: roots.home }),
    ...(roots.store === undefined ? {} : { store: roots.store }),
    ...(roots.tenant === undefined ? {} : { tenant: roots.tenant }),
    project,
    env: roots.env ?? process.env,
    guards: readGuardsConfig(project),
  });
};
