import fc from 'fast-check';
import { z } from 'zod';

/** Bounds that keep generated values small enough to shrink and print, yet varied. */
const MAX_STRING = 40;
const MAX_ARRAY = 4;
const INT_RANGE = 1_000_000;

/** JSON values that survive JSON.stringify/parse unchanged (no -0, no NaN). */
const jsonValue = fc.json({ maxDepth: 2 }).map((s) => JSON.parse(s) as unknown);

/**
 * A fast-check arbitrary for the subset of zod the event vocabulary uses. Generated values
 * always pass the schema, so properties can feed them anywhere an event is accepted.
 */
export const arbitraryFromSchema = (schema: z.ZodType): fc.Arbitrary<unknown> => {
  if (schema instanceof z.ZodString) {
    if (schema.format === 'datetime')
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING)), unit: 'grapheme' });
  }
  if (schema instanceof z.ZodNumber) {
    const min = Math.max(schema.minValue ?? -INT_RANGE, -INT_RANGE);
    const max = Math.min(schema.maxValue ?? INT_RANGE, INT_RANGE);
    if (schema.isInt) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
  }
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodUnknown || schema instanceof z.ZodAny) return jsonValue;
  if (schema instanceof z.ZodLiteral) return fc.constantFrom(...(schema.values as Set<unknown>));
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...(schema.options as unknown[]));
  if (schema instanceof z.ZodOptional) return fc.option(arbitraryFromSchema(schema.unwrap() as z.ZodType), { nil: undefined });
  if (schema instanceof z.ZodNullable) return fc.option(arbitraryFromSchema(schema.unwrap() as z.ZodType), { nil: null });
  if (schema instanceof z.ZodArray) return fc.array(arbitraryFromSchema(schema.element as z.ZodType), { maxLength: MAX_ARRAY });
  if (schema instanceof z.ZodTuple) return fc.tuple(...(schema.def.items as z.ZodType[]).map(arbitraryFromSchema));
  if (schema instanceof z.ZodUnion) return fc.oneof(...(schema.options as z.ZodType[]).map(arbitraryFromSchema));
  if (schema instanceof z.ZodRecord) {
    // `__proto__` as a key would not round-trip through object spreads.
    const key = fc.string({ maxLength: 12 }).filter((k) => k !== '__proto__');
    return fc.dictionary(key, arbitraryFromSchema(schema.valueType as z.ZodType), { maxKeys: MAX_ARRAY });
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const required: string[] = [];
    const arbs: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, field] of Object.entries(shape)) {
      if (field instanceof z.ZodOptional) arbs[key] = arbitraryFromSchema(field.unwrap() as z.ZodType);
      else {
        arbs[key] = arbitraryFromSchema(field);
        required.push(key);
      }
    }
    return fc.record(arbs, { requiredKeys: required });
  }
  throw new Error(`arbitraryFromSchema: unsupported zod type "${schema.def.type}"`);
};
