// Loaded on demand (dynamic `import()` in engram-session.ts): it pulls in the LLM package and Effect,
// which a session without a model and every hook process must not load (tests/runtime-lazy).
import { MEMORIZE_DESCRIPTION, MEMORIZE_TOOL_NAME, MemorizeInputSchema } from '@engram/cortex';
import { RECALL_SKILL_TOOL, RECALL_TOOL } from '@engram/hippocampus';
import { zodTool, type LlmTool } from '@engram/llm';
import { z } from 'zod';
import type { HostTool } from './host-tool.js';

export const SCRATCHPAD_TOOL_NAME = 'scratchpad';

/** The scratchpad tool's input (Anton's shape: one tool, an action, a pad name). */
export const ScratchpadInputSchema = z.object({
  action: z.enum(['exec', 'reset', 'view', 'remove']),
  name: z.string().describe('The pad: one named, persistent runtime; variables survive between cells of one pad.'),
  code: z.string().optional().describe('exec: the code of the cell.'),
  one_line_description: z.string().optional().describe('exec: what this cell is meant to do, in one line.'),
  runtime: z.enum(['python', 'node']).optional().describe('exec on a new pad: python (default) or node.'),
  confirm_new_scratchpad: z.boolean().optional().describe('exec: true when you deliberately start a second pad in this task.'),
});
export type ScratchpadInput = z.infer<typeof ScratchpadInputSchema>;

const SCRATCHPAD_DESCRIPTION = [
  'Run code in a named, persistent scratchpad (Python by default, or Node).',
  'Actions: exec (run a cell; give code and a one-line description), reset (restart the pad, losing its state), view (the latest cells), remove.',
  'Each name is an isolated environment with its own variables.',
].join(' ');

/** The tools an engram-driven turn offers, each description carrying its primer (lessons for that tool). */
export const turnTools = (primers: { readonly scratchpad: string }): LlmTool[] => [
  zodTool(SCRATCHPAD_TOOL_NAME, SCRATCHPAD_DESCRIPTION + primers.scratchpad, ScratchpadInputSchema),
  zodTool(MEMORIZE_TOOL_NAME, MEMORIZE_DESCRIPTION, MemorizeInputSchema),
  { name: RECALL_TOOL.name, description: RECALL_TOOL.description, inputSchema: RECALL_TOOL.input_schema },
  { name: RECALL_SKILL_TOOL.name, description: RECALL_SKILL_TOOL.description, inputSchema: RECALL_SKILL_TOOL.input_schema },
];

/**
 * The host tools as the model sees them: the input schema's JSON Schema (`$schema` dropped). The
 * model APIs take object inputs only, so a schema of another shape is an error naming the tool.
 */
export const hostToolSpecs = (tools: Iterable<HostTool>): LlmTool[] =>
  [...tools].map((tool) => {
    let inputSchema: Record<string, unknown>;
    try {
      inputSchema = z.toJSONSchema(tool.input, { io: 'input' });
    } catch (err) {
      throw new Error(`host tool '${tool.name}': its input schema has no JSON Schema form (${err instanceof Error ? err.message : String(err)})`, { cause: err });
    }
    if (inputSchema['type'] !== 'object') throw new Error(`host tool '${tool.name}': its input must be a zod object schema (the model APIs take object inputs)`);
    delete inputSchema['$schema'];
    return { name: tool.name, description: tool.description, inputSchema };
  });
