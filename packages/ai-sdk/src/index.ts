/**
 * @engram/ai-sdk: engram as Vercel AI SDK middleware (ai 6.x).
 *
 * ```ts
 * const engram = engramMiddleware({ home, project });        // one per conversation
 * const model = wrapLanguageModel({ model: anthropic('claude-sonnet-5-5'), middleware: engram });
 * await generateText({ model, tools: engram.guardTools(tools), stopWhen: stepCountIs(10), messages });
 * await engram.settled();                                       // what the turn taught is stored
 * ```
 */
export { engramMiddleware, openEngramMiddleware, type EngramMiddleware, type EngramMiddlewareOptions, type OpenEngramMiddlewareOptions } from './engram-middleware.js';
export { EngramBlockedError } from './guard-tools.js';
export { MEMORY_HEADING, NOTES_HEADING } from './engram-system-text.js';
