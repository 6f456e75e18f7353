import type { AccLesson, DetectorId, LessonId } from './acc-lesson.js';
import { ACC_RULES } from './acc-rules.js';

/** Every lesson id with its detector slot: kill-loop's two variants share the `acc.kill-loop` slot. */
export const ACC_LESSON_IDS = Object.keys(ACC_RULES) as LessonId[];

/**
 * The memory slot of a lesson: one per detector, so a newer kill-loop variant supersedes the
 * older one instead of sitting beside it with contradictory advice (anton.md §15.10).
 */
export const lessonSlot = (id: LessonId): DetectorId => (id === 'acc.kill-loop.heavy' || id === 'acc.kill-loop.liveness' ? 'acc.kill-loop' : id);

/** The other lessons of the same slot, with their rule texts: what storing `lesson` must replace. */
export const slotRivals = (lesson: Pick<AccLesson, 'id'>): readonly { readonly id: LessonId; readonly rule: string }[] =>
  ACC_LESSON_IDS.filter((id) => id !== lesson.id && lessonSlot(id) === lessonSlot(lesson.id)).map((id) => ({ id, rule: ACC_RULES[id].rule }));
