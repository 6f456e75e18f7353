import type { ContentBlock } from '@engram/events';
import type { Clock, EventSink, IdSource } from '@engram/kernel';
import { randomIds, systemClock } from '@engram/kernel';
import { Cause, Context, Effect, Exit } from 'effect';
import { z } from 'zod';
import { DEFAULT_PRICES, estimateCost, type ModelPrice } from './estimate-cost.js';
import { isLlmError, isRetryable, LlmError, type LlmFailureReason } from './llm-error.js';
import type { LlmTransportShape, SendHooks } from './llm-transport.js';
import {
  LlmMessageSchema,
  LlmToolSchema,
  type LlmMessage,
  type LlmModels,
  type LlmRequest,
  type LlmResponse,
  type LlmRole,
  type LlmTool,
  type ToolChoice,
} from './llm-types.js';
import { looksTruncated } from './looks-truncated.js';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-policy.js';
import { scrubResponse } from './scrub-response.js';
import { structuredTool } from './structured-tool.js';

/** How the service behaves around the transport; only `models` and `sink` are required. */
export interface LlmSettings {
  readonly models: LlmModels;
  /** Where `llm.call.completed` / `llm.call.failed` go (the bus, or an array in tests). */
  readonly sink: EventSink;
  readonly clock?: Clock;
  readonly ids?: IdSource;
  readonly retry?: Partial<RetryPolicy>;
  /** Per attempt: an answer slower than this fails the attempt with `timeout`. */
  readonly timeoutMs?: number;
  /** generateObject's max_tokens ladder (anton.md §5): the next rung only after a truncation. */
  readonly budgets?: readonly number[];
  /** complete()'s max_tokens when the caller gives none. */
  readonly completeMaxTokens?: number;
  readonly prices?: Readonly<Record<string, ModelPrice>>;
  /** How to wait between retries; tests pass one that records the delay and returns at once. */
  readonly sleep?: (ms: number) => Promise<void> | void;
  /** Jitter source for backoff; tests fix it. */
  readonly random?: () => number;
}

export const DEFAULT_TIMEOUT_MS = 120_000; // a long structured answer from a big model takes a minute; twice that is a hang
export const DEFAULT_BUDGETS: readonly number[] = [2048, 4096]; // Anton's ladder for post-mortems, consolidation, identity
export const DEFAULT_COMPLETE_MAX_TOKENS = 8192; // room for a code cell plus explanation in one turn round

interface CallOptions {
  readonly role: LlmRole;
  readonly purpose: string;
  /** The event that caused the call, recorded on the outcome event. */
  readonly causationId?: string | null;
}

export interface GenerateObjectOptions extends CallOptions {
  readonly system: string;
  readonly messages: readonly LlmMessage[];
  /** The schema's name: the forced tool's name (letters, digits, _ or -). */
  readonly name?: string;
  readonly budgets?: readonly number[];
}

export interface CompleteRequest extends Partial<CallOptions> {
  readonly system: string;
  readonly messages: readonly LlmMessage[];
  readonly tools?: readonly LlmTool[];
  readonly toolChoice?: ToolChoice;
  readonly maxTokens?: number;
}

export interface LlmShape {
  readonly provider: string;
  /** Base URL or cassette path; never a key. */
  readonly target: string;
  readonly models: LlmModels;
  /** A value of `schema`'s type from a forced tool call, or a typed failure. */
  readonly generateObject: <S extends z.ZodType>(schema: S, options: GenerateObjectOptions) => Effect.Effect<z.output<S>, LlmError>;
  /**
   * One model turn: text and tool_use blocks exactly as the model gave them (a tool call is about
   * to run, so its input is never rewritten); the recorded `llm.call.completed` holds the
   * secret-scrubbed copy. `hooks.onText` receives text as it streams.
   */
  readonly complete: (request: CompleteRequest, hooks?: SendHooks) => Effect.Effect<LlmResponse, LlmError>;
}

/** The LLM port. Build it with `layerAnthropic`, `layerOpenAi`, `layerScripted` or `makeLlm`. */
export class Llm extends Context.Service<Llm, LlmShape>()('@engram/llm/Llm') {}

const DEFAULT_SCHEMA_NAME = 'StructuredOutput';

/** What one logical call spent across all its attempts. */
interface Tally {
  attempts: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

const bad = (message: string) => new LlmError({ reason: 'bad_request', message });

/**
 * Builds the service over one transport. Around every provider attempt it adds the per-attempt
 * timeout and the retry policy; around every logical call it publishes exactly one
 * `llm.call.completed` or `llm.call.failed`, with tokens and cost summed over all attempts.
 */
export const makeLlm = (transport: LlmTransportShape, settings: LlmSettings): LlmShape => {
  const clock = settings.clock ?? systemClock;
  const ids = settings.ids ?? randomIds();
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...settings.retry };
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const prices = settings.prices ?? DEFAULT_PRICES;
  const hostSleep = settings.sleep;
  const sleep = (ms: number): Effect.Effect<void> =>
    hostSleep === undefined ? Effect.sleep(ms) : Effect.promise(async () => await hostSleep(ms));
  const random = settings.random ?? Math.random;
  const modelFor = (role: LlmRole) => (role === 'planning' ? settings.models.planning : settings.models.coding);

  /** One request with timeout and retries; text deltas disable retries once any has been shown. */
  const send = (tally: Tally, request: LlmRequest, hooks: SendHooks, retry = 0): Effect.Effect<LlmResponse, LlmError> =>
    Effect.suspend(() => {
      tally.attempts += 1;
      let streamed = false;
      const onText = hooks.onText;
      const attemptHooks: SendHooks =
        onText === undefined
          ? {}
          : {
              onText: (delta) => {
                streamed = true;
                onText(delta);
              },
            };
      const timedOut = () =>
        Effect.fail(
          new LlmError({
            reason: 'timeout',
            message: `${transport.provider}: no answer within ${timeoutMs} ms from ${transport.target}`,
          }),
        );
      return transport.send(request, attemptHooks).pipe(
        Effect.timeoutOrElse({ duration: timeoutMs, orElse: timedOut }),
        Effect.tap((response) =>
          Effect.sync(() => {
            tally.inputTokens += response.usage.inputTokens;
            tally.outputTokens += response.usage.outputTokens;
            tally.costUsd += estimateCost(response.model, response.usage.inputTokens, response.usage.outputTokens, prices);
          }),
        ),
        Effect.catch((error: LlmError) => {
          if (isRetryable(error) && retry < policy.maxRetries && !streamed) {
            return Effect.andThen(sleep(retryDelayMs(retry + 1, error, policy, random)), send(tally, request, hooks, retry + 1));
          }
          if (retry === 0 || !isRetryable(error)) return Effect.fail(error);
          return Effect.fail(
            new LlmError({
              reason: error.reason,
              message: `${error.message} (gave up after ${retry + 1} attempts)`,
              ...(error.status === undefined ? {} : { status: error.status }),
              ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
            }),
          );
        }),
      );
    });

  /** Runs one logical call and publishes its outcome event. */
  const recorded = <A>(
    options: CallOptions,
    body: (tally: Tally) => Effect.Effect<{ readonly value: A; readonly response: LlmResponse }, LlmError>,
  ): Effect.Effect<A, LlmError> =>
    Effect.suspend(() => {
      const callId = ids.next();
      const started = clock.now();
      const tally: Tally = {
        attempts: 0,
        inputTokens: 0,
        outputTokens: 0,
        costUsd: 0,
      };
      const meta = options.causationId === undefined ? undefined : { causationId: options.causationId };
      const base = () => ({
        callId,
        provider: transport.provider,
        role: options.role,
        purpose: options.purpose,
        latencyMs: Math.max(0, Math.round(clock.now() - started)),
        attempts: Math.max(1, tally.attempts),
      });
      const fail = (reason: LlmFailureReason, message: string) =>
        settings.sink.publish('llm.call.failed', { ...base(), model: modelFor(options.role), reason, message }, meta);
      return body(tally).pipe(
        Effect.catchDefect((defect) =>
          Effect.fail(
            new LlmError({
              reason: 'unknown',
              message: `unexpected: ${defect instanceof Error ? defect.message : String(defect)}`,
            }),
          ),
        ),
        Effect.onExit((exit) =>
          Effect.sync(() => {
            if (Exit.isSuccess(exit)) {
              const r = exit.value.response;
              settings.sink.publish(
                'llm.call.completed',
                {
                  ...base(),
                  model: r.model,
                  inputTokens: tally.inputTokens,
                  outputTokens: tally.outputTokens,
                  costUsd: tally.costUsd,
                  stopReason: r.stopReason,
                  // The recorded copy is scrubbed; what the caller runs is not (see scrubResponse).
                  response: { content: scrubResponse(r).content },
                },
                meta,
              );
              return;
            }
            const error = Cause.squash(exit.cause);
            if (isLlmError(error)) fail(error.reason, error.message);
            else if (Cause.hasInterruptsOnly(exit.cause)) fail('cancelled', 'cancelled by the caller');
            else fail('unknown', String(error));
          }),
        ),
        Effect.map((outcome) => outcome.value),
      );
    });

  const checkMessages = (messages: readonly LlmMessage[]): Effect.Effect<LlmMessage[], LlmError> => {
    const parsed = z.array(LlmMessageSchema).safeParse(messages);
    return parsed.success ? Effect.succeed(parsed.data) : Effect.fail(bad(`invalid messages: ${z.prettifyError(parsed.error)}`));
  };

  const generateObject = <S extends z.ZodType>(schema: S, options: GenerateObjectOptions): Effect.Effect<z.output<S>, LlmError> =>
    recorded(options, (tally) =>
      Effect.gen(function* () {
        const name = options.name ?? DEFAULT_SCHEMA_NAME;
        const budgets = options.budgets ?? settings.budgets ?? DEFAULT_BUDGETS;
        if (budgets.length === 0) return yield* Effect.fail(bad('generateObject needs at least one token budget'));
        const built = yield* Effect.try({
          try: () => structuredTool(schema, name),
          catch: (err) => bad(`schema ${name} has no JSON Schema form: ${err instanceof Error ? err.message : String(err)}`),
        });
        const toolCheck = LlmToolSchema.safeParse(built.tool);
        if (!toolCheck.success) return yield* Effect.fail(bad(`schema name ${JSON.stringify(name)}: ${z.prettifyError(toolCheck.error)}`));
        let messages = yield* checkMessages(options.messages);
        let rung = 0;
        let repaired = false;
        for (;;) {
          const budget = budgets[rung] ?? DEFAULT_BUDGETS[0] ?? 2048;
          const request: LlmRequest = {
            model: modelFor(options.role),
            role: options.role,
            purpose: options.purpose,
            system: `${options.system}${built.instruction}`,
            messages,
            tools: [built.tool],
            toolChoice: { type: 'tool', name },
            maxTokens: budget,
            structured: true,
          };
          // A structured answer becomes data that is stored and shown (lessons, skills), never run: scrub it before use.
          const response = scrubResponse(yield* send(tally, request, {}));
          const truncated = looksTruncated(response, budget);
          const canClimb = truncated && rung + 1 < budgets.length;
          const call = response.content.find(
            (b): b is Extract<ContentBlock, { type: 'tool_use' }> => b.type === 'tool_use' && b.name === name,
          );
          if (call === undefined) {
            if (canClimb) {
              rung += 1;
              continue;
            }
            return yield* Effect.fail(
              truncated
                ? new LlmError({
                    reason: 'truncated',
                    message: `${name}: cut off at ${budget} tokens before the tool call`,
                  })
                : new LlmError({
                    reason: 'no_tool_call',
                    message: `${name}: the model answered without calling the tool (stop ${response.stopReason ?? 'unknown'})`,
                  }),
            );
          }
          const problem = validate(schema, built.unwrap, call.input);
          if (problem.ok) return { value: problem.value as z.output<S>, response };
          if (canClimb) {
            rung += 1;
            continue;
          }
          if (truncated)
            return yield* Effect.fail(
              new LlmError({
                reason: 'truncated',
                message: `${name}: cut off at ${budget} tokens inside the tool call`,
              }),
            );
          if (repaired)
            return yield* Effect.fail(
              new LlmError({
                reason: 'schema_mismatch',
                message: `${name}: still invalid after one repair: ${problem.error}`,
              }),
            );
          repaired = true;
          messages = [
            ...messages,
            {
              role: 'assistant',
              content: [
                {
                  type: 'tool_use',
                  id: call.id,
                  name: call.name,
                  input: call.input,
                },
              ],
            },
            {
              role: 'user',
              content: [
                {
                  type: 'tool_result',
                  tool_use_id: call.id,
                  is_error: true,
                  content: `The ${name} input did not match the schema:\n${problem.error}\nCall ${name} again with the whole input corrected.`,
                },
              ],
            },
          ];
        }
      }),
    );

  const complete = (request: CompleteRequest, hooks: SendHooks = {}): Effect.Effect<LlmResponse, LlmError> => {
    const options: CallOptions = {
      role: request.role ?? 'planning',
      purpose: request.purpose ?? 'turn',
      ...(request.causationId === undefined ? {} : { causationId: request.causationId }),
    };
    return recorded(options, (tally) =>
      Effect.gen(function* () {
        const messages = yield* checkMessages(request.messages);
        const tools = z.array(LlmToolSchema).safeParse(request.tools ?? []);
        if (!tools.success) return yield* Effect.fail(bad(`invalid tools: ${z.prettifyError(tools.error)}`));
        const choice = request.toolChoice ?? { type: 'auto' };
        if (choice.type === 'tool' && !tools.data.some((t) => t.name === choice.name)) {
          return yield* Effect.fail(bad(`tool_choice names ${choice.name}, which is not among the tools`));
        }
        const response = yield* send(
          tally,
          {
            model: modelFor(options.role),
            role: options.role,
            purpose: options.purpose,
            system: request.system,
            messages,
            tools: tools.data,
            toolChoice: choice,
            maxTokens: request.maxTokens ?? settings.completeMaxTokens ?? DEFAULT_COMPLETE_MAX_TOKENS,
            structured: false,
          },
          hooks,
        );
        return { value: response, response };
      }),
    );
  };

  return {
    provider: transport.provider,
    target: transport.target,
    models: settings.models,
    generateObject,
    complete,
  };
};

type Validation = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

/** Reads a tool input as the schema's value; the error text quotes the schema, never the input. */
const validate = (schema: z.ZodType, unwrap: (input: unknown) => unknown, input: unknown): Validation => {
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input) as unknown;
    } catch {
      return { ok: false, error: 'the tool input is not valid JSON' };
    }
  }
  const parsed = schema.safeParse(unwrap(input));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: z.prettifyError(parsed.error) };
};
