import type { Brain } from '../create-brain.js';
import { openActiveBrain, type MemoryFlags } from '../open/open-active-brain.js';
import type { InstinctOptions } from './brain-instincts.js';
import { ArgumentError } from '../argument-error.js';

/**
 * Runs `f` on the brain an instinct command's flags open, then closes it: home is `--home`, else
 * `$ENGRAM_HOME`, else `~/.engram`; project is `--project`, else the current folder; the store is
 * `--store`/`--tenant` (or the variables: the logs and instincts then live there); `--scope` picks
 * the instincts folder and `--now` pins the analysis time (replays and tests). A bad `--scope` or
 * `--now` is an `ArgumentError` (a usage error).
 */
export const withInstinctBrain = async <A>(flags: MemoryFlags & { readonly scope?: string; readonly now?: string }, f: (brain: Brain, options: InstinctOptions) => Promise<A>, env: NodeJS.ProcessEnv = process.env): Promise<A> => {
  const scope = flags.scope ?? 'project';
  if (scope !== 'project' && scope !== 'global') throw new ArgumentError({ reason: 'bad-scope', message: `--scope must be project or global, not ${JSON.stringify(scope)}` });
  const now = flags.now === undefined ? undefined : Date.parse(flags.now);
  if (now !== undefined && Number.isNaN(now)) throw new ArgumentError({ reason: 'bad-time', message: `--now must be an ISO time, not ${JSON.stringify(flags.now)}` });
  const { home, store, tenant } = flags;
  const brain = await openActiveBrain({ ...(home === undefined ? {} : { home }), ...(store === undefined ? {} : { store }), ...(tenant === undefined ? {} : { tenant }), project: flags.project ?? process.cwd(), modes: { memory: 'autopilot' } }, env);
  try {
    return await f(brain, now === undefined ? { scope } : { scope, now });
  } finally {
    await brain.close();
  }
};
