import type { EngramData, EventData } from '@engram/events';

/**
 * How a cerebellum lesson is remembered (anton.md §4.5): a project-scope lesson with its topic,
 * medium confidence, source consolidation, whichever method produced it (the event's `method`
 * says whether a model or the classifier wrote it). The cortex applies this to
 * `cerebellum.lesson.learned`.
 */
export const lessonToEngram = (lesson: Pick<EventData<'cerebellum.lesson.learned'>, 'text' | 'topic'>): EngramData => ({
  text: lesson.text,
  kind: 'lesson',
  scope: 'project',
  confidence: 'medium',
  topic: lesson.topic,
  source: 'consolidation',
});
