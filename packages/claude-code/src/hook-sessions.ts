import type { AnyEnvelope } from '@engram/events';
import { resumeSession, type Brain, type EngramSession } from '@engram/runtime';

/** The session a hook works on, and what its log held before the hook. */
export interface OpenedHookSession {
  readonly session: EngramSession;
  readonly events: readonly AnyEnvelope[];
}

export interface OpenHookSessionOptions {
  /** What the brain was made with (roots, guards, ENGRAM_* settings): a kept session is reused only under the same. */
  readonly config: string;
  /** The id was just made (a renewed session): there is no log to read. */
  readonly fresh?: boolean;
}

/**
 * Where `runHook` gets a session and gives it back, called while the session's lock is held.
 * `open` answers 'ended' when the log says the session was closed. `release` is told whether
 * the hook handled the call.
 */
export interface HookSessions {
  open(brain: Brain, sessionId: string, warn: (message: string) => void, options: OpenHookSessionOptions): Promise<OpenedHookSession | 'ended'>;
  release(session: EngramSession, handled: boolean): Promise<void>;
}

/** One short process per hook: resume the session from its log, suspend it afterwards. */
export const resumingSessions: HookSessions = {
  open: (brain, sessionId, warn, options) => {
    const state = options.fresh === true ? null : resumeSession(brain.paths, sessionId, warn);
    if (state?.ended === true) return Promise.resolve('ended');
    return Promise.resolve({ session: brain.session({ sessionId, resume: state ?? false }), events: state?.events ?? [] });
  },
  release: (session) => session.suspend(),
};
