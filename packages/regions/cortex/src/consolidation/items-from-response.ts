import { readToolInput, type ContentBlock } from '@engram/events';
import { CONSOLIDATION_TOOL, ConsolidatedLessonsSchema, type ConsolidatedLesson } from './consolidated-lessons.js';

/**
 * Reads the extracted items back from a recorded answer (`llm.call.completed`), so a live run
 * and a replay of its log derive the same proposals from the same bytes. Null when the answer
 * holds no valid call of the extraction tool (the port validated it live, so only a foreign or
 * damaged log gets here); the replay then counts as failed and its cells can be tried again.
 */
export const itemsFromResponse = (content: readonly ContentBlock[]): ConsolidatedLesson[] | null =>
  readToolInput(content, CONSOLIDATION_TOOL, ConsolidatedLessonsSchema)?.items ?? null;
