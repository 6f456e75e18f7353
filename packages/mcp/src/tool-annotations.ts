import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

/** A tool that reads engram's memory and changes nothing: a host may run it without asking. */
const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** A tool that records what happened in the session (an event in its log): nothing is removed, a repeat records twice. */
const RECORDS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

/**
 * What each engram tool does to the world, for hosts that decide from it whether to ask the user
 * (MCP tool annotations). Every tool works on the local memory only (never the open world); none
 * removes anything (forgetting is `engram memory forget`, never a tool the model calls);
 * `memorize` is idempotent: the same entry again is "already known".
 */
export const TOOL_ANNOTATIONS = {
  start_turn: RECORDS,
  memorize: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  recall: READS,
  recall_skill: READS,
  memory_context: READS,
  pre_call: RECORDS,
  tool_result: RECORDS,
  end_turn: RECORDS,
} as const satisfies Record<string, ToolAnnotations>;
