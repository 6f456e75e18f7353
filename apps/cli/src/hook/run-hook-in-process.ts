import { runHook } from '@engram/claude-code';
import type { HookCommand } from '@engram/serve/client';
import type { HookCommandFlags } from './run-hook.js';

/** One hook handled in this process (@engram/claude-code): what `engram hook` did before the service, and does without one. */
export const runHookInProcess = async (name: HookCommand, payload: string, flags: HookCommandFlags, env: NodeJS.ProcessEnv, warn: (message: string) => void): Promise<number> => {
  const { project, home } = flags;
  const output = await runHook(name, payload, { ...(project === undefined ? {} : { project }), ...(home === undefined ? {} : { home }), env, warn });
  if (output !== null) process.stdout.write(`${JSON.stringify(output)}\n`);
  return 0;
};
