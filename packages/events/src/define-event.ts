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

export const defineEvent = <const T extends string, S extends z.ZodType>(
  def: EventDefinition<T, S>,
): EventDefinition<T, S> => def;
