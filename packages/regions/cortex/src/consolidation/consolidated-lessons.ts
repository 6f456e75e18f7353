import { z } from 'zod';

/** The forced tool's name (Anton's `_ConsolidatedLessons`, without the private underscore). */
export const CONSOLIDATION_TOOL = 'ConsolidatedLessons';

/** One memory the model extracted from a replay (anton.md §9.3), with Anton's defaults. */
export const ConsolidatedLessonSchema = z.object({
  text: z.string().describe('The memory itself: one self-contained sentence that holds beyond this session.'),
  kind: z
    .enum(['always', 'never', 'when', 'lesson'])
    .default('lesson')
    .describe('always/never: a rule to follow or avoid every time; when: a rule for a situation ("When X, do Y"); lesson: a fact learnt.'),
  scope: z.enum(['global', 'project']).default('project').describe('project unless it is a universal fact that holds in every project.'),
  confidence: z.enum(['high', 'medium', 'low']).default('medium').describe('high when the cells verified it, medium when probable, low when a guess.'),
  topic: z.string().default('').describe('A short topic slug for a lesson (e.g. "pandas", "api-coingecko"); empty when none fits.'),
  supersedes: z.string().optional().describe('Only for a correction: the exact text (or id) of a remembered entry this one corrects; it is retired when this is stored.'),
});

/** The whole answer: possibly no items at all, when the session taught nothing lasting. */
export const ConsolidatedLessonsSchema = z.object({
  items: z.array(ConsolidatedLessonSchema).default([]).describe('What is worth remembering from these cells; empty when nothing is.'),
});

export type ConsolidatedLesson = z.output<typeof ConsolidatedLessonSchema>;
export type ConsolidatedLessons = z.output<typeof ConsolidatedLessonsSchema>;
