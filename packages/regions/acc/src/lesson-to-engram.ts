import type { EngramData } from '@engram/events';
import type { AccLesson } from './acc-lesson.js';

/**
 * How an ACC lesson is remembered (anton.md §2.7): a global rule of the detector's kind, high
 * confidence, source consolidation. The cortex applies it to `acc.lesson.detected`; ACC lessons
 * bypass the encoding gate as in Anton because they are templated, not model-written.
 */
export const lessonToEngram = (lesson: Pick<AccLesson, 'kind' | 'rule'>): EngramData => ({
  text: lesson.rule,
  kind: lesson.kind,
  scope: 'global',
  confidence: 'high',
  topic: null,
  source: 'consolidation',
});
