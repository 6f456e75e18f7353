import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpEngramSession, PreCallAnswer } from './mcp-engram-session.js';
import { TOOL_ANNOTATIONS } from './tool-annotations.js';
import * as S from './tool-schemas.js';

/** What a tool handler answers: the text the model reads and the same result as data. */
interface Answer {
  readonly text: string;
  readonly data: Record<string, unknown>;
}

/** A tool error: the message the model reads; the server and the session carry on. */
const toolError = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/**
 * Runs a handler so that nothing it throws reaches the transport: a failure (a closed session, a
 * report the runtime refuses, a failed write) is a tool error with its message.
 */
const answering =
  <A>(tool: string, run: (args: A) => Promise<Answer> | Answer) =>
  async (args: A): Promise<CallToolResult> => {
    try {
      const a = await run(args);
      return { content: [{ type: 'text', text: a.text }], structuredContent: a.data };
    } catch (err) {
      return toolError(`engram ${tool}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

/** The recall handlers answer a problem as text starting `ERROR:` (Anton's convention): that is a tool error here. */
const textOrError = (tool: string, text: string): Answer => {
  if (text.startsWith('ERROR:')) throw new Error(text.slice('ERROR:'.length).trim());
  if (tool === 'recall' && text === 'Episodic memory is not available.') throw new Error('episodic memory is not available: start the server with --project DIR (episodes are kept per project), and keep ENGRAM_EPISODIC_MEMORY unset');
  return { text, data: { text } };
};

const verdictText = (a: PreCallAnswer): string => {
  const head = a.verdict === 'allow' ? 'allow' : `${a.verdict}: ${a.explanation}`;
  return a.advice === '' ? head : `${head}\n\n${a.advice}`;
};

/**
 * The engram tools of one MCP session. Each has zod input and output schemas and answers with
 * `content` (for the model) and `structuredContent` (for the host).
 */
export const registerTools = (server: McpServer, session: McpEngramSession): void => {
  server.registerTool(
    'start_turn',
    {
      annotations: TOOL_ANNOTATIONS.start_turn,
      title: 'Start a turn',
      description: "Opens a turn with the user's message (optional: pre_call and tool_result open one when none is open). A turn ends with end_turn, which is when engram learns.",
      inputSchema: S.StartTurnInput,
      outputSchema: S.StartTurnOutput,
    },
    answering('start_turn', ({ message }) => {
      const turn = session.startTurn(message);
      return { text: `turn ${turn} started (session ${session.id})`, data: { sessionId: session.id, eventLog: session.eventLog, turn } };
    }),
  );

  server.registerTool(
    'memorize',
    {
      annotations: TOOL_ANNOTATIONS.memorize,
      title: 'Memorize',
      description: 'Stores a rule (always / never / when), a lesson or a profile fact in long-term memory, through the same gate and scrubber as every memory write. Says whether it was added, already known, queued for the user, or refused.',
      inputSchema: S.MemorizeInput,
      outputSchema: S.MemorizeOutput,
    },
    answering('memorize', async (entry) => {
      const report = await session.memorize(entry);
      if (!report.ok) throw new Error(report.message);
      const text = report.entries.map((e) => `${e.outcome} ${e.kind}: ${e.text}${e.reason === null ? '' : ` (${e.reason})`}`).join('\n');
      return { text, data: { entries: report.entries.map((e) => ({ ...e })) } };
    }),
  );

  server.registerTool(
    'recall',
    {
      annotations: TOOL_ANNOTATIONS.recall,
      title: 'Recall episodes',
      description: 'Searches the episodes of earlier sessions in this project (what the user asked, what was done, what tools returned): a question in plain words finds the most relevant first, each with its turn and the next; a "quoted" query or literal: true finds that exact text, newest first.',
      inputSchema: S.RecallInput,
      outputSchema: S.RecallOutput,
    },
    answering('recall', async (input) => textOrError('recall', await session.recall(input))),
  );

  server.registerTool(
    'recall_skill',
    {
      annotations: TOOL_ANNOTATIONS.recall_skill,
      title: 'Recall a skill',
      description: "Loads a saved procedural skill's step-by-step procedure by label (a typo finds the closest label; an unknown one lists the labels). The skills are also resources (engram://skills/{label}).",
      inputSchema: S.RecallSkillInput,
      outputSchema: S.RecallSkillOutput,
    },
    answering('recall_skill', async ({ label }) => textOrError('recall_skill', await session.recallSkill(label))),
  );

  server.registerTool(
    'memory_context',
    {
      annotations: TOOL_ANNOTATIONS.memory_context,
      title: 'Memory context',
      description: "The memory block to put at the end of the system prompt: identity and rules (the same first bytes for the whole conversation, so a prompt cache keeps hitting), rules added since, when-rules and lessons ranked against the message, the saved skills ranked against it, and promoted habits, within token budgets.",
      inputSchema: S.MemoryContextInput,
      outputSchema: S.MemoryContextOutput,
    },
    answering('memory_context', async ({ message }) => {
      const context = await session.memoryContext(message ?? '');
      return { text: context === '' ? '(memory is empty)' : context, data: { context } };
    }),
  );

  server.registerTool(
    'pre_call',
    {
      annotations: TOOL_ANNOTATIONS.pre_call,
      title: 'Before a tool call',
      description:
        "Call before running a tool: reports the call and answers the circuit breaker's verdict (allow; warn: run it but heed the explanation; block: do not run it, the same call failed too often this turn) and the rules, lessons and recovery recipes relevant to it, ranked. Pass the returned callId to tool_result.",
      inputSchema: S.PreCallInput,
      outputSchema: S.PreCallOutput,
    },
    answering('pre_call', async ({ tool, input, callId }) => {
      const a = await session.preCall(tool, input, callId);
      return { text: verdictText(a), data: { ...a } };
    }),
  );

  server.registerTool(
    'tool_result',
    {
      annotations: TOOL_ANNOTATIONS.tool_result,
      title: 'After a tool call',
      description: "Reports what a call returned (ok with its output, or the error) and ends the round; answers the self-checks the turn so far triggered. A call pre_call blocked never ran and its result is not recorded.",
      inputSchema: S.ToolResultInput,
      outputSchema: S.ToolResultOutput,
    },
    answering('tool_result', (r) => {
      const a = session.toolResult(r);
      const text = !a.recorded ? `not recorded: call ${a.callId} was blocked and never ran` : a.nudges.length === 0 ? `recorded ${a.callId}` : a.nudges.map((n) => n.text).join('\n\n');
      return { text, data: { callId: a.callId, recorded: a.recorded, nudges: a.nudges.map((n) => ({ lessonId: n.lessonId, detector: n.detector, text: n.text })) } };
    }),
  );

  server.registerTool(
    'end_turn',
    {
      annotations: TOOL_ANNOTATIONS.end_turn,
      title: 'End the turn',
      description: "Ends the turn with its final answer; engram learns from it (lessons, error classes, habits) and answers what it learned and stored once it is stored.",
      inputSchema: S.EndTurnInput,
      outputSchema: S.EndTurnOutput,
    },
    answering('end_turn', async ({ answer }) => {
      const a = await session.endTurn(answer);
      const lines = [...a.lessons.map((l) => `lesson ${l.id}: ${l.rule}`), ...a.stored.map((s) => `stored ${s.kind} (${s.scope}): ${s.rule}`)];
      return {
        text: lines.length === 0 ? `turn ${a.turn} ended; nothing new was learned` : `turn ${a.turn} ended; learned:\n${lines.join('\n')}`,
        data: { turn: a.turn, lessons: a.lessons.map((l) => ({ id: l.id, kind: l.kind, rule: l.rule })), stored: a.stored.map((s) => ({ ...s })) },
      };
    }),
  );
};
