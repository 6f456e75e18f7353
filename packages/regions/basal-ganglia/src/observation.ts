/**
 * One tool call as the habit loop sees it: a projection of `executive.tool.resulted` plus the
 * session context (the seed's observe.sh record, derived from the log instead of a second file).
 */
export interface Observation {
  readonly sessionId: string;
  /** Position of the call in its session (0-based), so sequences survive equal timestamps. */
  readonly index: number;
  readonly tool: string;
  readonly ok: boolean;
  readonly durationMs: number;
  /** The tool called just before in the same session, or null at the session's start. */
  readonly prev: string | null;
  /** The tool called two calls before, or null. */
  readonly prev2: string | null;
  /** Time of the result, milliseconds since the epoch. */
  readonly at: number;
  /** Ids of the learned items injected into this session before the call (the self-confirmation guard). */
  readonly injected: readonly string[];
}
