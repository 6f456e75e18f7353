import type { AnyEnvelope } from '@engram/events';
import type { PostMortemMode } from '@engram/cerebellum';

/** An `llm.call.*` outcome: recorded only by a session that had a model. */
export const isPostMortemEvidence = (e: AnyEnvelope): boolean => e.type === 'llm.call.completed' || e.type === 'llm.call.failed';

/**
 * The log does not record whether the session had a model, but the runtime picks the
 * cerebellum's post-mortem from exactly that: `llm` with a model, `classifier` without. A session
 * with a model records `llm.call.*` events (its turns, or at least its post-mortems), so any
 * such event means `llm`.
 */
export const inferPostMortem = (events: readonly AnyEnvelope[]): PostMortemMode => (events.some(isPostMortemEvidence) ? 'llm' : 'classifier');
