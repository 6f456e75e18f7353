import type { LlmFailureReason } from '@engram/llm';
import type { ConsolidatedLesson } from '../consolidated-lessons.js';

/** What one replay's call gave: the selected items, or the failure (its cells wait for a retry). */
export type ReplayOutcome =
  | { readonly pad: string; readonly cellIds: readonly string[]; readonly status: 'extracted'; readonly items: readonly ConsolidatedLesson[] }
  | { readonly pad: string; readonly cellIds: readonly string[]; readonly status: 'failed'; readonly reason: LlmFailureReason; readonly message: string };
