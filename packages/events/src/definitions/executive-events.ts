import { z } from 'zod';
import { defineEvent } from '../define-event.js';
import { AccModeSchema, Count, MemoryModeSchema } from './shared-schemas.js';

/** The turn lifecycle and what the executive's tool dispatcher observes. */

const sessionStarted = defineEvent({
  type: 'executive.session.started',
  v: 1,
  schema: () => z.object({
    project: z.string().nullable(),
    home: z.string(),
    modes: z.object({ memory: MemoryModeSchema, acc: AccModeSchema }),
  }),
  emitter: 'executive',
  consumers: ['cortex', 'acc', 'basal-ganglia', 'replay', 'audit'],
  description: 'A session began; records the roots and modes in force so replay uses the same ones.',
});

const sessionEnded = defineEvent({
  type: 'executive.session.ended',
  v: 1,
  schema: () => z.object({ reason: z.enum(['closed', 'aborted']) }),
  emitter: 'executive',
  consumers: ['basal-ganglia', 'audit', 'replay'],
  description: 'A session ended; the log is complete up to here.',
});

const turnStarted = defineEvent({
  type: 'executive.turn.started',
  v: 1,
  schema: () => z.object({ message: z.string() }),
  emitter: 'executive',
  consumers: ['acc', 'cerebellum', 'cortex', 'basal-ganglia', 'replay'],
  description: 'A user message opened a turn (text scrubbed of secrets). Regions reset per-turn buffers here.',
});

const turnCompleted = defineEvent({
  type: 'executive.turn.completed',
  v: 2,
  schema: () => z.object({
    answer: z.string(),
    rounds: Count,
    /** `deadline` (v2): the turn ran out of time (`turnTimeoutMs`); the answer is the last text the model gave. */
    stopReason: z.enum(['end_turn', 'round_cap', 'deadline']),
  }),
  emitter: 'executive',
  consumers: ['acc', 'cerebellum', 'cortex', 'basal-ganglia', 'replay', 'host'],
  description: 'The turn produced its answer; end-of-turn learning (ACC drain, cerebellum flush) starts here.',
  upcasters: {
    /** v1 knew two stop reasons; both mean the same in v2, which adds `deadline`. */
    1: (raw) => raw,
  },
});

const turnFailed = defineEvent({
  type: 'executive.turn.failed',
  v: 1,
  schema: () => z.object({ reason: z.enum(['llm', 'tool', 'internal']), error: z.string() }),
  emitter: 'executive',
  consumers: ['acc', 'cerebellum', 'cortex', 'replay', 'host'],
  description: 'The turn ended without an answer. Per-turn buffers are cleared without learning.',
});

const turnCancelled = defineEvent({
  type: 'executive.turn.cancelled',
  v: 1,
  schema: () => z.object({ reason: z.string() }),
  emitter: 'executive',
  consumers: ['acc', 'cerebellum', 'cortex', 'replay', 'host'],
  description: 'The host cancelled the turn. Per-turn buffers are dropped without learning.',
});

const roundStarted = defineEvent({
  type: 'executive.round.started',
  v: 1,
  schema: () => z.object({ round: Count }),
  emitter: 'executive',
  consumers: ['replay', 'audit'],
  description: 'An LLM round began (1-based within the turn).',
});

const roundCompleted = defineEvent({
  type: 'executive.round.completed',
  v: 1,
  schema: () => z.object({ round: Count, toolCalls: Count }),
  emitter: 'executive',
  consumers: ['acc', 'replay'],
  description: 'All tool results of a round are in; the ACC evaluates mid-turn nudges here (Anton: once per tool round).',
});

/** Anton `tool_call`: detail `name`, `args_summary`. */
const toolCalled = defineEvent({
  type: 'executive.tool.called',
  v: 1,
  schema: () => z.object({
    toolUseId: z.string(),
    name: z.string(),
    input: z.unknown(),
    argsSummary: z.string(),
  }),
  emitter: 'executive',
  consumers: ['acc', 'basal-ganglia', 'cortex', 'replay'],
  description: "A tool call is about to run. Maps Anton's tool_call (name, args_summary: input as text, first 120 chars).",
});

const toolResultedV1 = z.object({ name: z.string(), success: z.boolean().optional(), error: z.string().optional() });

/** Anton `tool_result`: detail `name`, `success`, `error`. */
const toolResulted = defineEvent({
  type: 'executive.tool.resulted',
  v: 2,
  schema: () => z.object({
    toolUseId: z.string(),
    name: z.string(),
    ok: z.boolean(),
    /** Scrubbed result text when the call failed, else empty (Anton keeps the first 300 chars; engram keeps it whole). */
    error: z.string(),
    output: z.string(),
    durationMs: Count,
  }),
  emitter: 'executive',
  consumers: ['acc', 'cerebellum', 'basal-ganglia', 'replay'],
  description: "A tool call returned. Maps Anton's tool_result (name, success, error).",
  upcasters: {
    /**
     * v1 is the shape of Anton's tool_result detail, kept so traces converted from Anton read
     * through. A missing `success` becomes a failure only when there is an error text (Anton's
     * two detectors default it in opposite directions; an error text is the tie-breaker).
     */
    1: (raw) => {
      const d = toolResultedV1.parse(raw);
      const error = d.error ?? '';
      return { toolUseId: '', name: d.name, ok: d.success ?? error === '', error, output: '', durationMs: 0 };
    },
  },
});

/** Anton `history_repair`: detail `reason`, `sealed_count`. */
const historyRepaired = defineEvent({
  type: 'executive.history.repaired',
  v: 1,
  schema: () => z.object({ reason: z.string(), sealedCount: Count }),
  emitter: 'executive',
  consumers: ['acc', 'replay'],
  description: "Dangling tool_use blocks were sealed with synthetic results. Maps Anton's history_repair.",
});

/** Anton `cap_exhausted`: detail `cap`. */
const capExhausted = defineEvent({
  type: 'executive.cap.exhausted',
  v: 1,
  schema: () => z.object({ cap: Count }),
  emitter: 'executive',
  consumers: ['acc', 'replay', 'host'],
  description: "The turn ran past its round cap. Maps Anton's cap_exhausted.",
});

const toolGuardedV1 = z.object({
  toolUseId: z.string(),
  name: z.string(),
  action: z.enum(['warned', 'blocked']),
  failures: Count,
  signature: z.string(),
  explanation: z.string(),
});

/** The per-turn circuit breaker acted on a tool call (issue 8: guards; issue 13: keyed on the call's input). */
const toolGuarded = defineEvent({
  type: 'executive.tool.guarded',
  v: 2,
  schema: () => z.object({
    toolUseId: z.string(),
    name: z.string(),
    /** `warned`: the call ran, with a warning for the model; `blocked`: it did not run. */
    action: z.enum(['warned', 'blocked']),
    /** Identical failures of this call (tool and input) in this turn so far (same error signature). */
    failures: Count,
    signature: z.string(),
    /**
     * (v2) The signature of the call's normalised input the failures share (16 hex characters;
     * `@engram/executive`'s `inputSignature`); "" when the verdict is about the tool as a whole
     * (v1 verdicts, results whose call was never reported) or comes from a never rule.
     */
    inputSignature: z.string(),
    explanation: z.string(),
  }),
  emitter: 'executive',
  consumers: ['audit', 'replay', 'host'],
  description: 'A tool call kept failing the same way within a turn: the breaker warned the model, then blocked that call (the same tool and input; other inputs still run) with an explanation it sees.',
  upcasters: {
    /** v1 breakers counted every input of a tool as one call: their verdicts are about the tool as a whole (""). */
    1: (raw) => ({ ...toolGuardedV1.parse(raw), inputSignature: '' }),
  },
});

const BreakerLimitsSchema = z.object({ warnAt: Count, blockAt: Count });

/**
 * The circuit breaker's limits in force from here on (a host's `guards`, a project's guards.json),
 * recorded so replay derives the breaker's verdicts with the limits the session used. Published
 * when a session starts and whenever a resumed session runs with limits other than the log's.
 */
const guardsConfigured = defineEvent({
  type: 'executive.guards.configured',
  v: 1,
  schema: () => BreakerLimitsSchema.extend({ perTool: z.record(z.string(), BreakerLimitsSchema) }),
  emitter: 'executive',
  consumers: ['executive', 'replay'],
  description: "The breaker's limits (default and per tool) in force from this event on.",
});

/**
 * A host-registered fallback chain ran for a tool call (issue 8: fallbacks): which steps were
 * tried in order, how each ended, and the one that worked, so the next call on a target of the
 * same kind can start from it.
 */
const fallbackResolved = defineEvent({
  type: 'executive.fallback.resolved',
  v: 1,
  schema: () => z.object({
    tool: z.string(),
    /** The resource the call acted on (path, URL, table), when its input names one. */
    target: z.string().nullable(),
    attempts: z.array(z.object({ step: z.string(), ok: z.boolean(), error: z.string() })),
    /** The step that succeeded; null when every step failed. */
    worked: z.string().nullable(),
  }),
  emitter: 'executive',
  consumers: ['audit', 'replay', 'host'],
  description: 'A fallback chain was run for a tool call; records which step worked so later calls can start there.',
});

/**
 * The conversation of an engram-driven session grew near its context budget and its older turns
 * were summarised through the LLM port (the call itself is the `llm.call.*` before this event).
 * From here on the session sends `summary` in place of every turn up to `toTurn`; resuming the
 * session restores the summary, not those turns. The summary covers the earlier summary too, so
 * only the latest of these events counts.
 */
const historyCompacted = defineEvent({
  type: 'executive.history.compacted',
  v: 1,
  schema: () => z.object({
    /** The summary of the conversation up to `toTurn` (scrubbed, like every model answer). */
    summary: z.string(),
    /** The first and last turn newly folded into the summary. */
    fromTurn: Count,
    toTurn: Count,
    /** The estimated size of the history before and after (kernel's estimateTokens). */
    tokensBefore: Count,
    tokensAfter: Count,
  }),
  emitter: 'executive',
  consumers: ['replay', 'host'],
  description: 'Old turns of the conversation were summarised to stay within the context budget; resume restores the summary.',
});

export const executiveEvents = [
  sessionStarted,
  sessionEnded,
  turnStarted,
  turnCompleted,
  turnFailed,
  turnCancelled,
  roundStarted,
  roundCompleted,
  toolCalled,
  toolResulted,
  historyRepaired,
  historyCompacted,
  capExhausted,
  fallbackResolved,
  toolGuarded,
  guardsConfigured,
] as const;
