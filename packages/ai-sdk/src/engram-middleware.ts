import { systemClock } from '@engram/kernel';
import { createBrain, openBrain, type Brain, type BrainOptions, type EngramSession, type OpenBrainOptions, type ResumeState } from '@engram/runtime';
import type { LanguageModelMiddleware, ToolSet } from 'ai';
import type { StreamPart } from './ai-types.js';
import { EngramConversation, type StepToolCall } from './engram-conversation.js';
import { guardTools } from './guard-tools.js';
import { withSystemText } from './with-system-text.js';

export interface EngramMiddlewareOptions extends BrainOptions {
  /** A brain to open the session on (share one across conversations); default one made from these options. */
  readonly brain?: Brain;
  /** Carry on this engram session from its log instead of starting a new one. */
  readonly sessionId?: string;
  /**
   * The log of `sessionId` already read (`await brain.resumeState(id)`): needed when the brain's
   * store is PostgreSQL, which cannot be read synchronously (`openEngramMiddleware` does it).
   */
  readonly resume?: ResumeState | null;
  /** Told, in one line, about each problem engram had; the model call goes on regardless (fail open). Default: nothing. */
  readonly warn?: (message: string) => void;
}

/**
 * The middleware, plus the engram session it drives. Pass it to `wrapLanguageModel({ model,
 * middleware })` once per conversation (one middleware, one engram session).
 */
export interface EngramMiddleware extends LanguageModelMiddleware {
  readonly session: EngramSession;
  /**
   * The tools with the circuit breaker in front: a call engram blocked (the same failure too many
   * times this turn) is not run and fails with engram's explanation, which the model reads as the
   * tool's error. Without it the model is told, but the AI SDK still runs the call.
   */
  guardTools<T extends ToolSet>(tools: T): T;
  /** Resolves when what finished turns taught is stored and the session's log is durable. */
  settled(): Promise<void>;
  /**
   * Lets go of the session without ending it, once learning is stored, so a later middleware
   * carries it on with `sessionId` (a server that handles each message of a chat in a new request).
   */
  suspend(): Promise<void>;
  /** Ends the engram session (an open turn is cancelled, nothing learned from it). */
  close(): Promise<void>;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';

/**
 * engram as Vercel AI SDK middleware (ai 6.x, `LanguageModelV3Middleware`): the memory block and
 * the turn's notes join the system prompt of every call (`transformParams`); the tool calls of each
 * step are reported and checked by the circuit breaker before the AI SDK runs them, and their
 * results are reported from the next step's prompt (`wrapGenerate`, `wrapStream`); the step that
 * finishes with no tool call ends the turn, and engram learns from it. Fails open: a problem in
 * engram is warned about and the model call goes on unchanged.
 */
export const engramMiddleware = (options: EngramMiddlewareOptions = {}): EngramMiddleware => {
  const warn = options.warn ?? (() => undefined);
  const brain = options.brain ?? createBrain(options);
  const session = brain.session(options.sessionId === undefined ? {} : { sessionId: options.sessionId, resume: options.resume === undefined ? true : (options.resume ?? false), onLogProblem: warn });
  const conversation = new EngramConversation(session, options.clock ?? systemClock);
  const safely = async <T>(what: string, fallback: T, run: () => T | Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      warn(`engram (${what}): ${messageOf(err)}`);
      return fallback;
    }
  };
  const stepEnded = (calls: readonly StepToolCall[], text: string, finish: Parameters<EngramConversation['stepFinished']>[2]) =>
    safely('step', undefined, async () => {
      for (const c of calls) await conversation.toolCallMade(c);
      conversation.stepFinished(calls.length, text, finish);
    });

  return {
    specificationVersion: 'v3',
    session,
    transformParams: async ({ params }) => {
      const text = await safely('prompt', '', () => conversation.beforeCall(params.prompt));
      return { ...params, prompt: withSystemText(params.prompt, text) };
    },
    wrapGenerate: async ({ doGenerate }) => {
      const result = await doGenerate();
      const calls = result.content.flatMap((c) => (c.type === 'tool-call' && c.providerExecuted !== true ? [c] : []));
      const text = result.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('');
      await stepEnded(calls, text, result.finishReason);
      return result;
    },
    wrapStream: async ({ doStream }) => {
      const result = await doStream();
      let text = '';
      let calls = 0;
      // Each part is passed on once engram has seen it: a tool call's verdict exists before the AI SDK runs it.
      const watch = new TransformStream<StreamPart, StreamPart>({
        transform: async (part, controller) => {
          if (part.type === 'text-delta') text += part.delta;
          else if (part.type === 'tool-call' && part.providerExecuted !== true) {
            calls += 1;
            await safely('tool call', undefined, () => conversation.toolCallMade(part));
          } else if (part.type === 'finish') await safely('step', undefined, () => conversation.stepFinished(calls, text, part.finishReason));
          controller.enqueue(part);
        },
      });
      return { ...result, stream: result.stream.pipeThrough(watch) };
    },
    guardTools: (tools) => guardTools(tools, (id) => conversation.blockedReason(id)),
    settled: () => conversation.settled(),
    suspend: async () => {
      await conversation.settled().catch((err: unknown) => warn(`engram (settle): ${messageOf(err)}`));
      await session.suspend();
    },
    close: async () => {
      await conversation.settled().catch((err: unknown) => warn(`engram (settle): ${messageOf(err)}`));
      await session.close();
    },
  };
};

export interface OpenEngramMiddlewareOptions extends Omit<EngramMiddlewareOptions, 'resume' | 'store'>, Pick<OpenBrainOptions, 'store' | 'tenant'> {}

/**
 * `engramMiddleware` on the store `store` / `ENGRAM_STORE` names (PostgreSQL, or the files):
 * opens the brain (unless one is given) and reads `sessionId`'s log from that store. A brain it
 * opened is closed, releasing its pool, by the middleware's `suspend()` and `close()`.
 */
export const openEngramMiddleware = async (options: OpenEngramMiddlewareOptions = {}): Promise<EngramMiddleware> => {
  const owned = options.brain === undefined;
  const brain = options.brain ?? (await openBrain(options));
  try {
    const resume = options.sessionId === undefined ? null : await brain.resumeState(options.sessionId, options.warn);
    const { store: _store, tenant: _tenant, ...rest } = options;
    const middleware = engramMiddleware({ ...rest, brain, resume });
    if (!owned) return middleware;
    return {
      ...middleware,
      suspend: () => middleware.suspend().finally(() => brain.close()),
      close: () => middleware.close().finally(() => brain.close()),
    };
  } catch (err) {
    if (owned) await brain.close();
    throw err;
  }
};
