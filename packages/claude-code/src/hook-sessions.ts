import type { AnyEnvelope } from '@engram/events';
import type { Brain, EngramSession } from '@engram/runtime';

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
  /**
   * The brain for a hook made under `config`: `open` makes one (on PostgreSQL it opens a pool).
   * A short process opens one per hook; a resident service keeps it for the sessions it keeps warm.
   */
  brain(config: string, open: () => Promise<Brain>): Promise<Brain>;
  /** The hook is done with the brain `brain()` gave (a short process closes it, releasing its pool). */
  doneWith(brain: Brain): Promise<void>;
}

/** One short process per hook: resume the session from its log (the brain's store), suspend it afterwards; a brain per hook, closed after it. */
export const resumingSessions: HookSessions = {
  open: async (brain, sessionId, warn, options) => {
    const state = options.fresh === true ? null : await brain.resumeState(sessionId, warn);
    if (state?.ended === true) return 'ended';
    return { session: brain.session({ sessionId, resume: state ?? false }), events: state?.events ?? [] };
  },
  release: (session) => session.suspend(),
  brain: (_config, open) => open(),
  doneWith: (brain) => brain.close(),
};
