import { join } from 'node:path';
import { withLock } from '@engram/fs';
import { createBrain, resumeSession } from '@engram/runtime';
import { FallbackConfigError, readFallbackConfig, type FallbackChainConfig } from './fallback-config.js';
import type { HookContext } from './hook-context.js';
import type { HookOutput } from './hook-output.js';
import { parseHookPayload, type HookName, type HookPayload } from './hook-payload.js';
import { hookRoots, type HookFlags } from './hook-roots.js';
import { postToolUseHook } from './post-tool-use-hook.js';
import { preToolUseHook } from './pre-tool-use-hook.js';
import { engramSessionFor } from './session-map.js';
import { sessionStartHook } from './session-start-hook.js';
import { stopHook } from './stop-hook.js';
import { readStdin } from './read-stdin.js';
import { userPromptSubmitHook } from './user-prompt-submit-hook.js';
import { defaultBreakerParams, type BreakerParams } from '@engram/executive';
import { GuardsConfigError, readGuardsConfig } from '../guards/read-guards-config.js';

export interface HookIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly stdin: () => Promise<string>;
  readonly env: NodeJS.ProcessEnv;
  readonly now: () => number;
}

const defaultIo: HookIo = {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  stdin: () => readStdin(process.stdin),
  env: process.env,
  now: () => Date.now(),
};

const handle = (ctx: HookContext, p: HookPayload): Promise<HookOutput | null> => {
  switch (p.hook) {
    case 'session-start':
      return sessionStartHook(ctx, p);
    case 'user-prompt-submit':
      return userPromptSubmitHook(ctx, p);
    case 'pre-tool-use':
      return preToolUseHook(ctx, p);
    case 'post-tool-use':
      return postToolUseHook(ctx, p);
    case 'stop':
      return stopHook(ctx, p);
  }
};

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';

/**
 * `engram hook <name>`: one Claude Code hook, one short process. Reads the hook's JSON from
 * stdin, maps the Claude session to its engram session, resumes that session from its event log
 * (holding the session's lock, so concurrent hooks of one session take turns), lets the handler
 * report and ask, suspends the session (log durable, learning stored, nothing ended) and prints
 * the handler's JSON. Always exits 0: on any problem it prints one line on stderr and nothing on
 * stdout (fail open), so a hook never breaks the user's agent; a payload that fails its check is
 * reported by field and nothing is written. Everything published before a failure stays in the log.
 */
/** The project's guards; a broken guards file is reported and the defaults apply (a hook fails open). */
const guardsOrDefaults = (project: string, warn: (message: string) => void): BreakerParams => {
  try {
    return readGuardsConfig(project);
  } catch (err) {
    if (!(err instanceof GuardsConfigError)) throw err;
    warn(`${err.message}; using the default guards`);
    return defaultBreakerParams;
  }
};

export const runHook = async (name: HookName, flags: HookFlags, io: HookIo = defaultIo): Promise<number> => {
  const warn = (message: string) => io.err(`engram hook ${name}: ${message}\n`);
  try {
    const payload = parseHookPayload(name, await io.stdin());
    if (payload.hook === 'stop' && payload.stopHookActive) return 0; // Claude is continuing because of a Stop hook: not the end of a turn.
    const roots = hookRoots(flags, payload.cwd, io.env);
    const brain = createBrain({ home: roots.home, project: roots.project, env: io.env, guards: guardsOrDefaults(roots.project, warn) });
    const now = io.now();
    let id = await engramSessionFor(roots.hooksDir, payload.sessionId, now, { warn });
    const output = await withLock(join(roots.hooksDir, id), {}, async () => {
      let state = resumeSession(brain.paths, id, warn);
      if (state?.ended) {
        // The engram session was closed (by a host or a tool): this Claude session carries on in a new one.
        id = await engramSessionFor(roots.hooksDir, payload.sessionId, now, { renew: true, warn });
        state = null;
      }
      const session = brain.session({ sessionId: id, resume: state ?? false });
      let chains: readonly FallbackChainConfig[] | null = null;
      const ctx: HookContext = {
        session,
        events: state?.events ?? [],
        inTurn: state?.inTurn ?? false,
        roots,
        paths: brain.paths,
        now,
        warn,
        fallbacks: () => (chains ??= readChains(roots.project, warn)),
      };
      try {
        return await handle(ctx, payload);
      } finally {
        // Also after a failure: what the handler published is stored, and the session is let go.
        await session.suspend();
      }
    });
    if (output !== null) io.out(`${JSON.stringify(output)}\n`);
  } catch (err) {
    warn(messageOf(err));
  }
  return 0;
};

const readChains = (project: string, warn: (message: string) => void): readonly FallbackChainConfig[] => {
  try {
    return readFallbackConfig(project);
  } catch (err) {
    if (err instanceof FallbackConfigError) {
      warn(`${err.message} (fallback chains are off until it is fixed)`);
      return [];
    }
    throw err;
  }
};
