import type { AnyEnvelope, EventType } from '@engram/events';
import { filter, type OperatorFunction } from 'rxjs';

type Narrow<T extends EventType> = Extract<AnyEnvelope, { type: T }>;

/** Keeps events of the given types and narrows the TypeScript type to them. */
export const ofType = <const T extends EventType>(...types: readonly T[]): OperatorFunction<AnyEnvelope, Narrow<T>> => {
  const wanted = new Set<EventType>(types);
  return filter((e): e is Narrow<T> => wanted.has(e.type));
};
