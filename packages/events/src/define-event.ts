import type { z } from 'zod';
import type { Consumer, Source } from './sources.js';

/** Turns the stored data of an older version into the next version's shape. */
export type Upcaster = (data: unknown) => unknown;

/**
 * One entry of the closed catalog. `v` is the current version; `upcasters[n]` lifts version n
 * to n + 1, so a log written by an older engram is read through the chain.
 */
export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  readonly type: T;
  readonly v: number;
  readonly schema: S;
  readonly emitter: Source;
  /** Declared consumers, or the written reason why nothing consumes it (yet). */
  readonly consumers: readonly Consumer[] | { readonly none: string };
  readonly description: string;
  readonly upcasters?: Readonly<Record<number, Upcaster>>;
}

/** An entry as written in a definitions file: its schema made when first asked for. */
export interface EventSpec<T extends string, S extends z.ZodType> extends Omit<EventDefinition<T, S>, 'schema'> {
  readonly schema: () => S;
}

/**
 * A catalog entry whose schema is built the first time it is read: a short process (a hook, a
 * memory command) reads or publishes a handful of the catalog's types, and building every type's
 * zod schema at start-up cost it more than its parsing.
 */
export const defineEvent = <const T extends string, S extends z.ZodType>({ schema: build, ...rest }: EventSpec<T, S>): EventDefinition<T, S> => {
  let schema: S | undefined;
  return Object.defineProperty({ ...rest }, 'schema', { get: () => (schema ??= build()), enumerable: true }) as EventDefinition<T, S>;
};
