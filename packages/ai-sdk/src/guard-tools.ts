import type { ToolSet } from 'ai';
import { TaggedError } from '@engram/kernel';

/** The error a blocked tool call fails with; the AI SDK gives its message to the model as the tool's error. */
export class EngramBlockedError extends TaggedError('EngramBlockedError')<{ readonly reason: 'blocked'; readonly message: string }> {}

type Execute = NonNullable<ToolSet[string]['execute']>;

/**
 * `tools` with the circuit breaker in front of each `execute`: a call whose id engram blocked is
 * not run and fails with `engram: <explanation>`; every other call runs unchanged. Tools without
 * `execute` (the host runs them) are left as they are.
 */
export const guardTools = <T extends ToolSet>(tools: T, blockedReason: (toolCallId: string) => string | null): T => {
  const guarded: Record<string, ToolSet[string]> = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute: Execute | undefined = tool.execute;
    if (execute === undefined) {
      guarded[name] = tool;
      continue;
    }
    const run: Execute = (input, options) => {
      const reason = blockedReason(options.toolCallId);
      if (reason !== null) throw new EngramBlockedError({ reason: 'blocked', message: `engram: ${reason}` });
      // The tool's own result, whatever its type, passed through untouched.
      const result: unknown = execute(input, options);
      return result;
    };
    guarded[name] = { ...tool, execute: run } as ToolSet[string];
  }
  return guarded as T;
};
