import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { structuredTool } from './structured-tool.js';

describe('structuredTool', () => {
  it('uses an object schema as the input_schema, without $schema', () => {
    const t = structuredTool(z.object({ a: z.string(), n: z.number().default(1) }), 'Thing');
    expect(t.tool.name).toBe('Thing');
    expect(t.tool.description).toBe('Generate structured output matching the Thing schema.');
    expect(t.tool.inputSchema).not.toHaveProperty('$schema');
    expect(t.tool.inputSchema['type']).toBe('object');
    // Defaulted fields are optional on input: the model may leave them out.
    expect(t.tool.inputSchema['required']).toEqual(['a']);
    expect(t.unwrap({ a: 'x' })).toEqual({ a: 'x' });
    expect(t.instruction).toMatch(/^\n\nCall the Thing tool immediately/);
  });
  it('wraps a list in {items} and anything else in {value}, and unwraps', () => {
    const list = structuredTool(z.array(z.string()), 'Names');
    expect(list.tool.inputSchema).toMatchObject({
      type: 'object',
      required: ['items'],
      properties: { items: { type: 'array' } },
    });
    expect(list.unwrap({ items: ['a'] })).toEqual(['a']);
    const scalar = structuredTool(z.enum(['yes', 'no']), 'Answer');
    expect(scalar.tool.inputSchema).toMatchObject({ required: ['value'] });
    expect(scalar.unwrap({ value: 'yes' })).toBe('yes');
  });
  it('throws for a schema with no JSON Schema form', () => {
    expect(() => structuredTool(z.object({ when: z.date() }), 'When')).toThrow();
  });
});
