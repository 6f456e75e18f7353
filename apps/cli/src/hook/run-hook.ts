import { fileURLToPath } from 'node:url';
import type { HookFlags, HookName } from '@engram/claude-code';
import { npxRefusal } from '@engram/claude-code/names';
import { readStdin } from './read-stdin.js';

/**
 * `engram hook <name>`: one Claude Code hook, one short process: read the payload on stdin, run
 * the hook (@engram/claude-code), print its JSON. Always exits 0: a problem is one line on stderr
 * and nothing on stdout (fail open), so a hook never breaks the user's agent. Started from npx's
 * download cache, it refuses to run (one line on stderr, nothing read, nothing recorded).
 */
export const runHookProcess = async (name: HookName, flags: HookFlags): Promise<number> => {
  const warn = (message: string) => void process.stderr.write(`engram hook ${name}: ${message}\n`);
  // `npx engram hook ...` where engram is not installed runs whatever the registry serves under the name: refuse, fail open.
  const refusal = npxRefusal(fileURLToPath(import.meta.url), process.env);
  if (refusal !== null) {
    warn(refusal);
    await readStdin(process.stdin).catch(() => ''); // drained, so the host's write never meets a closed pipe
    return 0;
  }
  let payload: string;
  try {
    payload = await readStdin(process.stdin);
  } catch (err) {
    warn(err instanceof Error ? err.message : String(err));
    return 0;
  }
  const { runHook } = await import('@engram/claude-code');
  const output = await runHook(name, payload, { ...flags, warn });
  if (output !== null) process.stdout.write(`${JSON.stringify(output)}\n`);
  return 0;
};
