import type { EventType } from '@engram/events';

/**
 * The event types the replayed cores publish live (acc, the recipe core and cerebellum through `attachCore`; the
 * cortex's `queued` through its effect, which applies the same gate as `cortexCore`). Recorded
 * events of these types are what `--check` compares; every other type is an input or a recorded
 * outcome of I/O. `cortex.engram.proposed` is left out: live, the cortex effect proposes (an
 * I/O step), and the consolidation core that would derive it is not wired in the runtime yet.
 */
export const DERIVED_TYPES: ReadonlySet<EventType> = new Set<EventType>([
  'acc.nudge.emitted',
  'acc.lesson.detected',
  'basal-ganglia.recipe.learned',
  'cerebellum.error.classified',
  'cerebellum.lesson.learned',
  'cortex.engram.queued',
]);

export const isDerivedType = (type: string): boolean => DERIVED_TYPES.has(type as EventType);
