import { scrubSecrets } from '@engram/kernel';
import { DEFAULT_LESSON_TOPIC, type LessonDraft } from './post-mortem-result.js';

export interface SelectedLesson {
  readonly text: string;
  readonly topic: string;
}

/**
 * Anton's post-processing (anton.md §4.4): the first `max` drafts, *then* blanks dropped (so a
 * blank draft still uses a slot, as in Anton), then a blank topic becomes `scratchpad`. Text and
 * topic are trimmed and scrubbed: a secret echoed from a cell must not reach memory (§15.23).
 */
export const selectLessons = (drafts: readonly LessonDraft[], max: number): SelectedLesson[] =>
  drafts
    .slice(0, Math.max(0, max))
    .map((d) => ({ text: scrubSecrets(d.text.trim()), topic: scrubSecrets(d.topic.trim()) }))
    .filter((d) => d.text !== '')
    .map((d) => ({ text: d.text, topic: d.topic === '' ? DEFAULT_LESSON_TOPIC : d.topic }));
