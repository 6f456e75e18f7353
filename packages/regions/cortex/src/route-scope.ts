import type { EngramData } from '@engram/events';
import type { EngramScope } from '@engram/kernel';

/**
 * Which store an engram goes to (anton.md §7.3): identity facts are always global (a profile
 * describes the user, not a project); everything else global only when it says so, otherwise
 * project (a missing scope included). With no project store (a session outside any project)
 * project-scoped entries go to the global store rather than being lost.
 */
export const routeScope = (engram: Pick<EngramData, 'kind' | 'scope'>, hasProject: boolean): EngramScope => {
  if (engram.kind === 'profile' || engram.scope === 'global') return 'global';
  return hasProject ? 'project' : 'global';
};
