import { MEMORIZE_TOOL_NAME } from '@engram/cortex';
import { RECALL_SKILL_TOOL, RECALL_TOOL } from '@engram/hippocampus';
import type { z, ZodType } from 'zod';

/** What a host tool's handler gets besides its input. */
export interface HostToolContext {
  /** Aborted when the host cancels the turn (`turn(message, { signal })`, Ctrl-C): stop the work; the turn ends cancelled. */
  readonly signal: AbortSignal;
}

/**
 * A tool of the host's, offered to the model beside engram's own (scratchpad, memorize, recall,
 * recall_skill) in an engram-driven turn. Its calls are reported and guarded like the built-in
 * ones: the same `executive.tool.called`/`.resulted` events, so the breaker, pre-call advice, the
 * ACC and the cerebellum see them. `input` is a zod object schema: the model is shown its JSON
 * Schema, and an input that does not parse is an error result naming the field, never a call of
 * `run`. `run` answers a string (a success) or `{ ok, output }`; a throw is a failed result.
 */
export interface HostTool<S extends ZodType = ZodType> {
  /** `^[a-zA-Z0-9_-]{1,64}$` (what the model APIs accept), and not the name of a built-in tool. */
  readonly name: string;
  readonly description: string;
  readonly input: S;
  run(input: z.output<S>, context: HostToolContext): Promise<string | { readonly ok: boolean; readonly output: string }>;
}

/** What the model APIs accept as a tool name (Anthropic's and OpenAI's common rule). */
const HOST_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Declares a host tool with its handler's input typed from the schema (`createBrain({ tools: [hostTool({...})] })`). */
export const hostTool = <S extends ZodType>(tool: HostTool<S>): HostTool<S> => tool;

/** The names of engram's own tools in an engram-driven turn: a host tool may not take one. */
const BUILT_IN_TOOL_NAMES: readonly string[] = ['scratchpad', MEMORIZE_TOOL_NAME, RECALL_TOOL.name, RECALL_SKILL_TOOL.name];

/**
 * The host tools of a turn by name: the brain's, then the turn's. A name the model APIs refuse,
 * a built-in tool's name, or one name given twice is an error naming the tool (thrown when the
 * brain is created or the turn starts, before anything is published).
 */
export const hostToolsByName = (...lists: readonly (readonly HostTool[])[]): ReadonlyMap<string, HostTool> => {
  const byName = new Map<string, HostTool>();
  for (const tool of lists.flat()) {
    const name: unknown = tool.name;
    if (typeof name !== 'string' || !HOST_TOOL_NAME.test(name)) throw new Error(`host tool name ${JSON.stringify(name)} is invalid: use 1 to 64 letters, digits, '_' or '-'`);
    if (BUILT_IN_TOOL_NAMES.includes(name)) throw new Error(`host tool '${name}' clashes with engram's built-in tool of that name`);
    if (byName.has(name)) throw new Error(`host tool '${name}' is given twice`);
    if (typeof tool.run !== 'function') throw new Error(`host tool '${name}': run must be a function`);
    byName.set(name, tool);
  }
  return byName;
};
