import type { EngramData } from '@engram/events';
import type { LessonId } from './acc-lesson.js';
import { ACC_LESSON_IDS, lessonSlot } from './acc-lessons.js';
import { ACC_RULES } from './acc-rules.js';

/** Anton's memory-similarity probe: the first 60 characters of a rule, lower-cased (anton.md §2.7). */
const PROBE_CHARS = 60;
const probes = ACC_LESSON_IDS.map((id) => ({ id, probe: ACC_RULES[id].rule.slice(0, PROBE_CHARS).toLowerCase() }));

/**
 * Updates the set of ACC lessons global memory holds, from one `hippocampus.engram.encoded`
 * engram (the ACC never reads memory files). An engram holds a lesson when it contains the
 * lesson's probe, as Anton's `has_similar` decides. Storing a lesson empties its slot first,
 * so the set never holds both kill-loop variants.
 */
export const rememberEncoded = (stored: Set<LessonId>, engram: EngramData): Set<LessonId> => {
  if (engram.scope !== 'global') return stored;
  const text = engram.text.toLowerCase();
  for (const { id, probe } of probes) {
    if (!text.includes(probe)) continue;
    for (const other of stored) if (other !== id && lessonSlot(other) === lessonSlot(id)) stored.delete(other);
    stored.add(id);
  }
  return stored;
};
