import type { LanguageModelMiddleware } from 'ai';

/**
 * The AI SDK's language-model types this package touches, derived from `ai`'s own middleware type
 * so that `ai` (a peer dependency) is the one package a host needs: in ai 6.x these are the
 * `LanguageModelV3*` types of `@ai-sdk/provider`.
 */
type CallOptions = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params'];
export type Prompt = CallOptions['prompt'];
type PromptMessage = Prompt[number];
type GenerateResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapGenerate']>>>;
type StreamResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapStream']>>>;
export type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
export type FinishReason = GenerateResult['finishReason'];
export type ToolResultOutput = Extract<Extract<PromptMessage, { role: 'tool' }>['content'][number], { type: 'tool-result' }>['output'];
