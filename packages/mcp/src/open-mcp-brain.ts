import { createBrain, readGuardsConfig, type Brain } from '@engram/runtime';

export interface McpRoots {
  /** The global root (default `$ENGRAM_HOME` or `~/.engram`). */
  readonly home?: string | undefined;
  /** The project folder (default: the current directory, as `engram run`). */
  readonly project?: string | undefined;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * The brain every client session of a server shares: its roots, modes from the environment,
 * and the project's guards.json (a broken one stops the server from starting, with the file and
 * field named: a server has someone to tell, unlike a hook, which fails open).
 */
export const openMcpBrain = (roots: McpRoots): Brain => {
  const project = roots.project ?? process.cwd();
  return createBrain({ ...(roots.home === undefined ? {} : { home: roots.home }), project, env: roots.env ?? process.env, guards: readGuardsConfig(project) });
};
