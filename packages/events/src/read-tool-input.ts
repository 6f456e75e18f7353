import type { z } from 'zod';
import type { ContentBlock } from './definitions/shared-schemas.js';

/**
 * Reads a forced tool call's input back from a recorded model answer (`llm.call.completed`) and
 * checks it against the tool's schema, so a live run and a replay of its log derive the same
 * values from the same bytes. Null when the answer holds no valid call of that tool (the LLM port
 * validated it live, so only a foreign or damaged log gets here).
 */
export const readToolInput = <S extends z.ZodType>(content: readonly ContentBlock[], toolName: string, schema: S): z.output<S> | null => {
  for (const block of content) {
    if (block.type !== 'tool_use' || block.name !== toolName) continue;
    let input = block.input;
    if (typeof input === 'string') {
      try {
        input = JSON.parse(input) as unknown;
      } catch {
        return null;
      }
    }
    const parsed = schema.safeParse(input);
    return parsed.success ? parsed.data : null;
  }
  return null;
};
