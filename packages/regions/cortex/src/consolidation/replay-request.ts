import type { GenerateObjectOptions } from '@engram/llm';
import { CONSOLIDATION_TOOL } from './consolidated-lessons.js';
import type { ConsolidationParams } from './consolidation-params.js';
import { CONSOLIDATION_PURPOSE } from './consolidation-core.js';
import type { Replay } from './replay.js';

/**
 * The structured call for one replay, the same through the Effect service and the Promise client:
 * the compressed cells as the user message, the forced `ConsolidatedLessons` tool, purpose
 * `consolidation`, and the turn end as causation so the recorded answer finds its replay.
 */
export const replayRequest = (replay: Replay, params: ConsolidationParams): GenerateObjectOptions => ({
  system: replay.prompt.system,
  messages: [{ role: 'user', content: replay.prompt.user }],
  role: params.role,
  purpose: CONSOLIDATION_PURPOSE,
  name: CONSOLIDATION_TOOL,
  causationId: replay.causationId,
});
