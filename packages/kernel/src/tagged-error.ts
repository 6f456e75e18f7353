/**
 * The one shape of an error engram's public API throws: a `_tag` naming the class, a `reason`
 * from a closed union (a caller switches on it; the CLI reads its exit code from the pair), the
 * fields a message needs (file, line, field...) and the `message` built from them.
 *
 * The same shape as Effect's `Data.TaggedError` (the model stack's `LlmError`, `StoreError` and
 * `PostgresError` use that one), written here with no import because the hook path and the memory
 * commands must never load Effect (tests/runtime-lazy): a hook starts per tool call.
 */
export interface Tagged<Tag extends string = string> {
  readonly _tag: Tag;
}

/** What every tagged error's fields hold at least: the message shown to the user. */
export interface ErrorFields {
  readonly message: string;
  readonly cause?: unknown;
}

/** The constructor `TaggedError(tag)` returns: `class X extends TaggedError('X')<{ reason: ...; message: string }> {}`. */
export type TaggedErrorClass<Tag extends string> = new <A extends ErrorFields>(fields: A) => Error & Tagged<Tag> & Readonly<A>;

export const TaggedError = <Tag extends string>(tag: Tag): TaggedErrorClass<Tag> => {
  class Base extends Error {
    readonly _tag: Tag = tag;
    constructor(fields: ErrorFields) {
      super(fields.message, fields.cause === undefined ? undefined : { cause: fields.cause });
      Object.assign(this, fields);
    }
  }
  // On the prototype, so a stack's first line and `String(error)` name the class from the start.
  Object.defineProperty(Base.prototype, 'name', { value: tag, writable: true, configurable: true });
  return Base as unknown as TaggedErrorClass<Tag>;
};

/** Whether `u` is a tagged error (ours, or Effect's): an `Error` with a string `_tag`. */
export const isTagged = (u: unknown): u is Error & Tagged & { readonly reason?: unknown } =>
  u instanceof Error && typeof (u as Partial<Tagged>)._tag === 'string';
