import { fileURLToPath } from 'node:url';
// Its own subpath: the names entry loads the payload schemas (zod), which a hook client must not pay for.
import { npxRefusal } from '@engram/claude-code/npx-refusal';
import { forwardHook, type HookCommand } from '@engram/serve/client';
import { readStdin } from './read-stdin.js';

export interface HookCommandFlags {
  readonly project?: string | undefined;
  readonly home?: string | undefined;
  /** Override ENGRAM_STORE / ENGRAM_TENANT for this hook (a host that cannot set its hooks' environment). */
  readonly store?: string | undefined;
  readonly tenant?: string | undefined;
}

/**
 * The environment the hook runs with: `--store`/`--tenant` take the place of ENGRAM_STORE and
 * ENGRAM_TENANT, so the service and the in-process fallback see one setting. A bad value is a
 * problem naming the flag (the hook then fails open).
 */
const hookEnv = async (flags: HookCommandFlags): Promise<{ readonly env: NodeJS.ProcessEnv } | { readonly problem: string }> => {
  if (flags.store === undefined && flags.tenant === undefined) return { env: process.env };
  const { storeSettings, StoreSettingError } = await import('@engram/runtime');
  try {
    const store = storeSettings(flags);
    return { env: store === null ? process.env : { ...process.env, ENGRAM_STORE: store.url, ENGRAM_TENANT: store.tenant } };
  } catch (err) {
    if (err instanceof StoreSettingError) return { problem: err.message };
    throw err;
  }
};

/** The launcher a hook starts `engram serve` with when no service runs for its home. */
const LAUNCHER = fileURLToPath(new URL('../../bin/engram.js', import.meta.url));

/**
 * `engram hook <name>`: read the payload on stdin, hand it to the home's `engram serve` and print
 * its answer; with no service (one is started for the next hooks), `ENGRAM_SERVE=0`, or a
 * service that could not answer (one warning line), run the hook in this process instead.
 * Always exits 0: a problem is one line on stderr and nothing on stdout (fail open). Loads
 * nothing of engram's runtime unless it handles the hook itself. Started from npx's download
 * cache, it refuses to run (one line on stderr, nothing recorded).
 */
export const runHookCommand = async (name: HookCommand, flags: HookCommandFlags): Promise<number> => {
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
  const setting = await hookEnv(flags);
  if ('problem' in setting) {
    warn(setting.problem);
    return 0;
  }
  const { env } = setting;
  const forwarded = await forwardHook({ name, payload, flags, env, cwd: process.cwd(), launcher: LAUNCHER });
  if (forwarded.kind === 'answered') {
    for (const w of forwarded.warnings) warn(w);
    if (forwarded.output !== null) process.stdout.write(`${JSON.stringify(forwarded.output)}\n`);
    return 0;
  }
  if (forwarded.warning !== null) warn(forwarded.warning);
  const { runHookInProcess } = await import('./run-hook-in-process.js');
  return runHookInProcess(name, payload, flags, env, warn);
};
