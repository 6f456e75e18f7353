import { join } from 'node:path';
import { withLock } from '@engram/fs';
import { FallbackConfigError, readFallbackConfig, type FallbackChainConfig } from './fallback-config.js';
import type { HookContext } from './hook-context.js';
import type { HookOutput } from './hook-output.js';
import { parseHookPayload, type HookName, type HookPayload } from './hook-payload.js';
import { hookRoots, type HookFlags, type HookRoots } from './hook-roots.js';
import { postToolUseHook } from './post-tool-use-hook.js';
import { preToolUseHook } from './pre-tool-use-hook.js';
import { requireProjectFolder } from './effects/require-project-folder.js';
import { engramSessionFor } from './effects/session-map.js';
import { sessionStartHook } from './session-start-hook.js';
import { stopHook } from './stop-hook.js';
import { userPromptSubmitHook } from './user-prompt-submit-hook.js';
import { defaultBreakerParams, type BreakerParams } from '@engram/executive';
import { AccProfileError, GuardsConfigError, openBrain, readGuardsConfig, readProjectAccProfile, type AccProfile, type Brain } from '@engram/runtime';
import { resumingSessions, type HookSessions } from './hook-sessions.js';

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

/** The project's detector profile (`.engram/acc.json`); a broken one is reported and the default thresholds apply (a hook fails open). */
const accProfileOrNone = (project: string, warn: (message: string) => void): AccProfile | null => {
  try {
    return readProjectAccProfile(project);
  } catch (err) {
    if (!(err instanceof AccProfileError)) throw err;
    warn(`${err.message}; using the default detector thresholds`);
    return null;
  }
};

export interface HookOptions extends HookFlags {
  readonly env?: NodeJS.ProcessEnv;
  /** The time the hook runs at (ms); default the wall clock. */
  readonly now?: number;
  /** Told, in one line, about each problem (a broken config file, a failed hook); default: nothing. */
  readonly warn?: (message: string) => void;
  /**
   * Where the hook gets its session and gives it back; default: resumed from its log for this
   * hook and suspended after it (a short process). A resident service (@engram/serve) keeps
   * sessions warm between hooks instead.
   */
  readonly sessions?: HookSessions;
}

/**
 * One Claude Code hook, `(event, payload) -> output`: what `engram hook <name>` runs in a short
 * process and what an in-process host (Claude Agent SDK callbacks) calls. `payload` is the hook's
 * JSON as Claude Code sends it (text, or the parsed object). Maps the Claude session to its engram
 * session, resumes that session from its event log (holding the session's lock, so concurrent
 * hooks of one session take turns), lets the handler report and ask, suspends the session (log
 * durable, learning stored, nothing ended) and returns Claude Code's `hookSpecificOutput`, or null
 * when there is nothing to say. Never throws: on any problem it warns in one line and returns null
 * (fail open), so a hook never breaks the user's agent; a payload that fails its check is reported
 * by field and nothing is written. Everything published before a failure stays in the log.
 */
export const runHook = async (name: HookName, raw: string | Readonly<Record<string, unknown>>, options: HookOptions = {}): Promise<HookOutput | null> => {
  const warn = options.warn ?? (() => undefined);
  const env = options.env ?? process.env;
  try {
    const payload = parseHookPayload(name, typeof raw === 'string' ? raw : JSON.stringify(raw));
    if (payload.hook === 'stop' && payload.stopHookActive) return null; // Claude is continuing because of a Stop hook: not the end of a turn.
    const roots = hookRoots(options, payload.cwd, env);
    requireProjectFolder(roots);
    const guards = guardsOrDefaults(roots.project, warn);
    const profile = accProfileOrNone(roots.project, warn);
    // What the brain was made with: a kept session is reused only by a brain made the same way.
    const config = JSON.stringify([roots.home, roots.project, guards, profile, Object.entries(env).filter(([k]) => k.startsWith('ENGRAM_')).sort()]);
    const now = options.now ?? Date.now();
    const sessions = options.sessions ?? resumingSessions;
    // ENGRAM_STORE / ENGRAM_TENANT choose the store; an unreachable server is one warning line and no answer (fail open).
    const brain = await sessions.brain(config, () => openBrain({ home: roots.home, project: roots.project, env, guards, acc: { profile } }));
    try {
      return await hookOn(brain, payload, { roots, config, now, sessions, warn });
    } finally {
      await sessions.doneWith(brain);
    }
  } catch (err) {
    warn(messageOf(err));
    return null;
  }
};

interface HookRun {
  readonly roots: HookRoots;
  readonly config: string;
  readonly now: number;
  readonly sessions: HookSessions;
  readonly warn: (message: string) => void;
}

/** The hook on an opened brain: the engram session mapped to the Claude one, under the session's lock. */
const hookOn = async (brain: Brain, payload: HookPayload, { roots, config, now, sessions, warn }: HookRun): Promise<HookOutput | null> => {
  let id = await engramSessionFor(roots.hooksDir, payload.sessionId, now, { warn });
  return withLock(join(roots.hooksDir, id), {}, async () => {
    let opened = await sessions.open(brain, id, warn, { config });
    if (opened === 'ended') {
      // The engram session was closed (by a host or a tool): this Claude session carries on in a new one.
      id = await engramSessionFor(roots.hooksDir, payload.sessionId, now, { renew: true, warn });
      opened = await sessions.open(brain, id, warn, { config, fresh: true });
      if (opened === 'ended') throw new Error(`session ${id} has ended`);
    }
    const { session, events } = opened;
    let chains: readonly FallbackChainConfig[] | null = null;
    const ctx: HookContext = {
      session,
      events,
      inTurn: session.inTurn,
      roots,
      paths: brain.paths,
      now,
      warn,
      fallbacks: () => (chains ??= readChains(roots.project, warn)),
    };
    let ok = false;
    // A warm session (the service) carries earlier hooks' problems: report only this hook's.
    const known = new Set(session.problems());
    try {
      const answer = await handle(ctx, payload);
      ok = true;
      return answer;
    } finally {
      // Also after a failure: what the handler published is stored, and the session is let go.
      await sessions.release(session, ok);
      // What the session could not store but went on without (an episode, the habit loop's record): one line each.
      for (const p of session.problems()) if (!known.has(p)) warn(p);
    }
  });
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
