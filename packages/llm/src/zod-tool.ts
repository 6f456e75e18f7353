import { z } from 'zod';
import type { LlmTool } from './llm-types.js';

/** A tool for `complete()` whose input is described by a zod schema (`$schema` dropped). */
export const zodTool = (name: string, description: string, schema: z.ZodObject): LlmTool => {
  const inputSchema = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  delete inputSchema['$schema'];
  return { name, description, inputSchema };
};
