import { EngramKindSchema, ScopeSchema } from '@engram/events';
import { MAX_DAYS_BACK, MAX_RECALL_QUERY, MAX_RECALL_RESULTS, MAX_SKILL_LOOKUP_LENGTH } from '@engram/hippocampus';
import { z } from 'zod';

/** Tool names are identifiers (`Bash`, `mcp__github__create_issue`); 128 is the longest any model API accepts. */
const MAX_TOOL_NAME = 128;
/** A call id is a host's tool_use id (`toolu_...`, `call_...`): far shorter than this. */
const MAX_CALL_ID = 200;
/** The characters of tool names and call ids across hosts; anything else is a mistake, and it keeps them out of prose. */
const IDENTIFIER = /^[A-Za-z0-9_.:/-]+$/;

const toolName = z.string().min(1).max(MAX_TOOL_NAME).regex(IDENTIFIER, 'letters, digits and _ . : / - only').describe('the tool the host runs, e.g. Bash');
const callId = z.string().min(1).max(MAX_CALL_ID).regex(IDENTIFIER, 'letters, digits and _ . : / - only');
/** Long texts are cut by the runtime (head and tail kept, the cut recorded), not refused: see INPUT_LIMITS. */
const text = z.string();

export const StartTurnInput = { message: text.describe("the user's message that starts the turn") };
export const StartTurnOutput = { sessionId: z.string(), eventLog: z.string(), turn: z.number().int() };

export const MemorizeInput = {
  text: z.string().min(1).describe('the rule, lesson or fact, in one sentence'),
  kind: EngramKindSchema.describe('always / never / when (rules), lesson, or profile (a fact about the user)'),
  scope: ScopeSchema.optional().describe('global (every project) or project (this one, the default)'),
  topic: z.string().max(64).optional().describe('a short topic label for lessons'),
};
const MemorizeEntry = z.object({ text: z.string(), kind: z.string(), outcome: z.enum(['added', 'duplicate', 'superseded', 'queued', 'refused']), reason: z.string().nullable() });
export const MemorizeOutput = { entries: z.array(MemorizeEntry) };

export const RecallInput = {
  query: z.string().min(1).max(MAX_RECALL_QUERY).describe('what to look for in earlier sessions, in plain words (ranked by relevance); "in double quotes" for an exact case-insensitive substring'),
  literal: z.boolean().optional().describe("find the query as an exact case-insensitive substring, newest first (Anton's recall)"),
  max_results: z.number().int().min(1).max(MAX_RECALL_RESULTS).optional(),
  days_back: z.number().int().min(1).max(MAX_DAYS_BACK).optional(),
};
export const RecallOutput = { text: z.string() };

export const RecallSkillInput = { label: z.string().min(1).max(MAX_SKILL_LOOKUP_LENGTH).describe('the skill label, e.g. csv-summary') };
export const RecallSkillOutput = { text: z.string() };

export const MemoryContextInput = { message: text.optional().describe("the user's message, so the most relevant entries come first") };
export const MemoryContextOutput = { context: z.string() };

export const PreCallInput = {
  tool: toolName,
  input: z.unknown().describe("the call's input, as the host will run it"),
  callId: callId.optional().describe("the host's id for the call (one is made up when absent); pass it back to tool_result"),
};
export const PreCallOutput = {
  callId: z.string(),
  verdict: z.enum(['allow', 'warn', 'block']),
  failures: z.number().int(),
  explanation: z.string(),
  advice: z.string(),
};

export const ToolResultInput = {
  tool: toolName,
  callId: callId.optional().describe('the id pre_call returned; without it the call and its result are reported at once'),
  input: z.unknown().optional().describe("the call's input (only without callId)"),
  ok: z.boolean(),
  output: text.optional(),
  error: text.optional(),
  durationMs: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
};
const NudgeOut = z.object({ lessonId: z.string(), detector: z.string(), text: z.string() });
export const ToolResultOutput = { callId: z.string(), recorded: z.boolean(), nudges: z.array(NudgeOut) };

export const EndTurnInput = { answer: text.describe("the turn's final answer") };
const LessonOut = z.object({ id: z.string(), kind: z.string(), rule: z.string() });
const StoredOut = z.object({ id: z.string(), kind: z.string(), rule: z.string(), scope: z.string(), file: z.string() });
export const EndTurnOutput = { turn: z.number().int(), lessons: z.array(LessonOut), stored: z.array(StoredOut) };
