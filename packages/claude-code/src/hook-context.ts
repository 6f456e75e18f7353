import type { AnyEnvelope } from '@engram/events';
import type { EngramPaths, EngramSession } from '@engram/runtime';
import type { FallbackChainConfig } from './fallback-config.js';
import type { HookRoots } from './hook-roots.js';

/** What every hook handler works with: the resumed session and what its log held before this hook. */
export interface HookContext {
  readonly session: EngramSession;
  /** The session's events before this hook ran (none for a session this hook started). */
  readonly events: readonly AnyEnvelope[];
  /** A turn was open when this hook started. */
  readonly inTurn: boolean;
  readonly roots: HookRoots;
  readonly paths: EngramPaths;
  readonly now: number;
  /** A problem worth a line on stderr that does not stop the hook. */
  readonly warn: (message: string) => void;
  /** The project's fallback chains; a broken fallbacks file is warned about and treated as none. */
  readonly fallbacks: () => readonly FallbackChainConfig[];
}

/**
 * The user message of a turn that a tool call had to open: Claude Code ran a tool with no prompt
 * reported in this session (hooks installed mid-session, or no user-prompt-submit hook).
 */
const PLACEHOLDER_MESSAGE = '(no prompt was reported to engram: this turn was opened by a tool call)';

/** Opens a turn for a tool report when none is open. */
export const ensureTurn = (ctx: HookContext): void => {
  if (!ctx.inTurn) ctx.session.startTurn(PLACEHOLDER_MESSAGE);
};
