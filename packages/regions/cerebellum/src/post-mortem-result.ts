import { z } from 'zod';

/** The topic a lesson gets when the model gives none: lessons about cells surface in the scratchpad tool's description. */
export const DEFAULT_LESSON_TOPIC = 'scratchpad';

/** The forced tool's name (Anton's `_DiffPassResult`, without the private underscore). */
export const POST_MORTEM_TOOL = 'DiffPassResult';

/** One lesson as the model drafts it (anton.md §4.4). */
export const LessonDraftSchema = z.object({
  text: z
    .string()
    .describe('One sentence, ideally under 25 words: a specific, actionable lesson that holds beyond this session. Prefer fewer, broader lessons.'),
  topic: z.string().default(DEFAULT_LESSON_TOPIC).describe(`A short topic slug for the lesson; "${DEFAULT_LESSON_TOPIC}" when it is about running code.`),
});

/** The post-mortem's whole answer: possibly no lessons at all, when nothing genuinely went wrong. */
export const PostMortemResultSchema = z.object({
  lessons: z.array(LessonDraftSchema).default([]).describe('Generalisable lessons from the failed cells; empty when nothing genuinely went wrong.'),
});

export type LessonDraft = z.output<typeof LessonDraftSchema>;
export type PostMortemResult = z.output<typeof PostMortemResultSchema>;
