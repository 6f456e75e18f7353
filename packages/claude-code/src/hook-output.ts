import type { JsonObject } from './payload-fields.js';

/** Claude Code keeps at most 10,000 characters of a hook's injected text; engram stays under it and says when it cut. */
export const MAX_CONTEXT_CHARS = 9_500;

/** What a hook prints on stdout: Claude Code's `hookSpecificOutput` for the event. */
export interface HookOutput {
  readonly hookSpecificOutput: {
    readonly hookEventName: string;
    readonly additionalContext?: string;
    readonly permissionDecision?: 'deny';
    readonly permissionDecisionReason?: string;
    readonly updatedInput?: JsonObject;
  };
}

const clip = (text: string): string => (text.length <= MAX_CONTEXT_CHARS ? text : `${text.slice(0, MAX_CONTEXT_CHARS)}\n[engram: cut at ${MAX_CONTEXT_CHARS} characters]`);

/**
 * The output for an event, or null (print nothing) when there is nothing to say. Text parts are
 * joined with blank lines; empty ones are left out.
 */
export const hookOutput = (event: string, parts: readonly string[], extra: Omit<HookOutput['hookSpecificOutput'], 'hookEventName' | 'additionalContext'> = {}): HookOutput | null => {
  const context = parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join('\n\n');
  if (context === '' && Object.keys(extra).length === 0) return null;
  return { hookSpecificOutput: { hookEventName: event, ...(context === '' ? {} : { additionalContext: clip(context) }), ...extra } };
};
