// Its own subpath: the names entry loads the payload schemas (zod), which a hook client must not pay for.
import { npxRefusal } from '@engram/claude-code/npx-refusal';
import { forwardHook } from './forward-hook.js';
import type { HookCommand } from './protocol-version.js';
import { readStdin } from './effects/read-stdin.js';

/** `engram hook NAME`'s flags. */
export interface HookClientFlags {
  readonly project?: string | undefined;
  readonly home?: string | undefined;
  /** Override ENGRAM_STORE / ENGRAM_TENANT for this hook (a host that cannot set its hooks' environment). */
  readonly store?: string | undefined;
  readonly tenant?: string | undefined;
}

/** What the hook handler in this process gets: the flags' folders, the hook's environment, where to warn. */
export interface InProcessOptions {
  readonly project?: string;
  readonly home?: string;
  readonly env: NodeJS.ProcessEnv;
  readonly warn: (message: string) => void;
}

/**
 * Handles a hook that no service answered and resolves to what to print (null: nothing). The
 * caller chooses how: @engram/claude-code's runHook in this process (the full hook), or another
 * process that has it (the small served-hook client, which must not load the runtime).
 */
export type InProcessHook = (name: HookCommand, payload: string, options: InProcessOptions) => Promise<unknown>;

/**
 * The environment the hook runs with: `--store`/`--tenant` take the place of ENGRAM_STORE and
 * ENGRAM_TENANT, so the service and the in-process fallback see one setting. A bad value is a
 * problem naming the flag (the hook then fails open).
 */
const hookEnv = async (flags: HookClientFlags): Promise<{ readonly env: NodeJS.ProcessEnv } | { readonly problem: string }> => {
  if (flags.store === undefined && flags.tenant === undefined) return { env: process.env };
  const { storeSettings, StoreSettingError } = await import('@engram/runtime/store-settings');
  try {
    const store = storeSettings(flags);
    return { env: store === null ? process.env : { ...process.env, ENGRAM_STORE: store.url, ENGRAM_TENANT: store.tenant } };
  } catch (err) {
    if (err instanceof StoreSettingError) return { problem: err.message };
    throw err;
  }
};

/** What `runHookClient` needs from its caller. */
export interface HookClientWhere {
  /** The `engram` launcher to start a service with when none runs. */
  readonly launcher: string;
  /** The file that calls (refused when in npx's download cache). */
  readonly caller: string;
  readonly inProcess: InProcessHook;
  /** Where the payload comes from; default: all of stdin (readStdin). The start-up snapshot's warm-up gives each step's own. */
  readonly payload?: () => Promise<string>;
}

/**
 * One hook call as `engram hook <name>` makes it: read the payload on stdin, hand it to the home's
 * `engram serve` and print its answer; with no service (one is started with `launcher` for the
 * next hooks), `ENGRAM_SERVE=0`, or a service that could not answer (one warning line), run the
 * hook in this process instead (`where.inProcess`). Always resolves to 0: a problem is one line
 * on stderr and nothing on stdout (fail open). Loads nothing of engram's runtime itself (the
 * caller's `inProcess` may). Run from npx's download cache (`caller` is the file that calls), it refuses
 * (one line on stderr, nothing recorded).
 */
export const runHookClient = async (name: HookCommand, flags: HookClientFlags, where: HookClientWhere): Promise<number> => {
  const read = where.payload ?? readStdin;
  const warn = (message: string) => void process.stderr.write(`engram hook ${name}: ${message}\n`);
  // `npx engram hook ...` where engram is not installed runs whatever the registry serves under the name: refuse, fail open.
  const refusal = npxRefusal(where.caller, process.env);
  if (refusal !== null) {
    warn(refusal);
    await read().catch(() => ''); // drained, so the host's write never meets a closed pipe
    return 0;
  }
  let payload: string;
  try {
    payload = await read();
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
  const forwarded = await forwardHook({ name, payload, flags, env, cwd: process.cwd(), launcher: where.launcher });
  let output;
  if (forwarded.kind === 'answered') {
    for (const w of forwarded.warnings) warn(w);
    output = forwarded.output;
  } else {
    if (forwarded.warning !== null) warn(forwarded.warning);
    const { project, home } = flags;
    output = await where.inProcess(name, payload, { ...(project === undefined ? {} : { project }), ...(home === undefined ? {} : { home }), env, warn });
  }
  if (output !== null && output !== undefined) process.stdout.write(`${JSON.stringify(output)}\n`);
  return 0;
};
