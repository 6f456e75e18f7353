import { readToolInput, type ContentBlock } from '@engram/events';
import { POST_MORTEM_TOOL, PostMortemResultSchema, type LessonDraft } from './post-mortem-result.js';

/**
 * Reads the post-mortem's drafts back from a recorded answer (`llm.call.completed`), so live runs
 * and replays derive lessons from the same bytes. Null when the answer holds no valid call of the
 * post-mortem tool (the port validated it live, so this only happens with a foreign log).
 */
export const lessonsFromResponse = (content: readonly ContentBlock[]): LessonDraft[] | null =>
  readToolInput(content, POST_MORTEM_TOOL, PostMortemResultSchema)?.lessons ?? null;
