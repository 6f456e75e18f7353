import type { z } from 'zod';
import type { EventDefinition } from './define-event.js';
import { executiveEvents } from './definitions/executive-events.js';
import { habitEvents } from './definitions/habit-events.js';
import { infraEvents } from './definitions/infra-events.js';
import { learningEvents } from './definitions/learning-events.js';
import { llmEvents } from './definitions/llm-events.js';
import { memoryEvents } from './definitions/memory-events.js';
import { scratchpadEvents } from './definitions/scratchpad-events.js';

const definitions = [
  ...executiveEvents,
  ...scratchpadEvents,
  ...llmEvents,
  ...memoryEvents,
  ...learningEvents,
  ...habitEvents,
  ...infraEvents,
] as const;

type Definitions = (typeof definitions)[number];

/** The data type of every event type, by type name. */
export type EventDataMap = { [D in Definitions as D['type']]: z.infer<D['schema']> };
export type EventType = keyof EventDataMap;
export type EventData<T extends EventType> = EventDataMap[T];

/** The closed catalog: type name -> definition. Publishing or reading any other type is an error. */
export const catalog: { readonly [T in EventType]: EventDefinition<T> } = Object.fromEntries(
  definitions.map((d) => [d.type, d]),
) as never;

export const eventTypes: readonly EventType[] = definitions.map((d) => d.type);

export const isEventType = (type: string): type is EventType => Object.hasOwn(catalog, type);

export const definitionOf = <T extends EventType>(type: T): EventDefinition<T> => catalog[type];
