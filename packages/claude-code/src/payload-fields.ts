/** A hook payload (or a fallbacks file) that cannot be used: the message names the field. */
export class PayloadError extends Error {
  override readonly name = 'PayloadError';
}

export type JsonObject = Record<string, unknown>;

export const isObject = (x: unknown): x is JsonObject => typeof x === 'object' && x !== null && !Array.isArray(x);

const kindOf = (x: unknown): string => (x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x);

/**
 * Reads typed fields out of parsed JSON and names the field (`tool_input`, `[0].steps[1].patch`)
 * when one is missing or of the wrong type. Unknown fields are ignored: hosts add fields over
 * time. Hand-written because zod is not a dependency of the CLI package.
 */
export class Fields {
  constructor(
    private readonly obj: JsonObject,
    /** Prefix for field names in messages (`[0].` inside an array). */
    private readonly at: string = '',
  ) {}

  private fail(field: string, expected: string, value: unknown): never {
    throw new PayloadError(`field "${this.at}${field}": expected ${expected}, got ${value === undefined ? 'nothing' : kindOf(value)}`);
  }

  string(field: string): string {
    const v = this.obj[field];
    if (typeof v !== 'string' || v.trim() === '') this.fail(field, 'a non-empty string', v);
    return v;
  }

  optionalString(field: string): string | undefined {
    const v = this.obj[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') this.fail(field, 'a string', v);
    return v;
  }

  optionalBoolean(field: string): boolean | undefined {
    const v = this.obj[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'boolean') this.fail(field, 'true or false', v);
    return v;
  }

  object(field: string): JsonObject {
    const v = this.obj[field];
    if (!isObject(v)) this.fail(field, 'an object', v);
    return v;
  }

  optionalObject(field: string): JsonObject | undefined {
    const v = this.obj[field];
    if (v === undefined || v === null) return undefined;
    if (!isObject(v)) this.fail(field, 'an object', v);
    return v;
  }

  array(field: string): unknown[] {
    const v = this.obj[field];
    if (!Array.isArray(v)) this.fail(field, 'an array', v);
    return v;
  }

  /** Any JSON value, or undefined. */
  value(field: string): unknown {
    return this.obj[field];
  }
}
