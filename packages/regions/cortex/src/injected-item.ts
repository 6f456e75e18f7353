import type { EventData } from '@engram/events';

/** What the runtime publishes as `cortex.context.injected` after putting memory in front of the model. */
export type ContextInjection = EventData<'cortex.context.injected'>;
export type InjectedItem = ContextInjection['items'][number];
