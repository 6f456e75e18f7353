import { z } from 'zod';
import type { LlmTool } from './llm-types.js';

/** A forced tool built from a zod schema, and how to read the model's tool input back. */
export interface StructuredTool {
  readonly tool: LlmTool;
  /** Turns the tool input back into the caller's shape (undoing the wrapper, if any). */
  readonly unwrap: (input: unknown) => unknown;
  /** Anton's no-preamble suffix for the system prompt. */
  readonly instruction: string;
}

/** Where a non-object schema goes inside the wrapper object (Anton's `items` for lists). */
const wrapKey = (json: Record<string, unknown>): string => (json['type'] === 'array' ? 'items' : 'value');

/**
 * Builds the forced tool for `schema` (anton.md §5): its JSON Schema (`$schema` dropped) is the
 * tool's input_schema. Tool inputs must be JSON objects, so any other schema (a list, a string)
 * is wrapped in an object with one required field and unwrapped again after validation.
 * Throws when the schema has no JSON Schema form (a caller bug, not a model failure).
 */
export const structuredTool = (schema: z.ZodType, name: string): StructuredTool => {
  // `io: 'input'`: the model writes what the schema parses, so defaulted fields are optional.
  const json = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  delete json['$schema'];
  const description = `Generate structured output matching the ${name} schema.`;
  const instruction =
    `\n\nCall the ${name} tool immediately as your first action. Do not think aloud or restate the ` +
    `task; put any justification in the tool's fields.`;
  if (json['type'] === 'object') {
    return {
      tool: { name, description, inputSchema: json },
      unwrap: (input) => input,
      instruction,
    };
  }
  const key = wrapKey(json);
  const inputSchema = {
    type: 'object',
    properties: { [key]: json },
    required: [key],
    additionalProperties: false,
  };
  const unwrap = (input: unknown): unknown =>
    typeof input === 'object' && input !== null && key in input ? (input as Record<string, unknown>)[key] : input;
  return { tool: { name, description, inputSchema }, unwrap, instruction };
};
