import { convertArrayToReadableStream, type MockLanguageModelV3 } from 'ai/test';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type StreamResult = Awaited<ReturnType<MockLanguageModelV3['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;

/**
 * What a scripted model answers at one step: a tool call or a final text. It plays the model in
 * these tests (the AI SDK's own MockLanguageModelV3 carries it); everything else is real.
 */
export type ScriptedStep = { readonly tool: string; readonly input: unknown; readonly text?: string } | { readonly text: string };

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } };

export const generateStep = (step: ScriptedStep, n: number): GenerateResult => ({
  content: [
    ...(step.text === undefined ? [] : [{ type: 'text' as const, text: step.text }]),
    ...('tool' in step ? [{ type: 'tool-call' as const, toolCallId: `call-${n}`, toolName: step.tool, input: JSON.stringify(step.input) }] : []),
  ],
  finishReason: 'tool' in step ? { unified: 'tool-calls', raw: 'tool_use' } : { unified: 'stop', raw: 'end_turn' },
  usage,
  warnings: [],
});

export const streamStep = (step: ScriptedStep, n: number): StreamResult => {
  const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (step.text !== undefined) {
    parts.push({ type: 'text-start', id: `t-${n}` });
    // Two deltas: the middleware must join them into the answer it records.
    const half = Math.ceil(step.text.length / 2);
    parts.push({ type: 'text-delta', id: `t-${n}`, delta: step.text.slice(0, half) }, { type: 'text-delta', id: `t-${n}`, delta: step.text.slice(half) });
    parts.push({ type: 'text-end', id: `t-${n}` });
  }
  if ('tool' in step) {
    const input = JSON.stringify(step.input);
    parts.push({ type: 'tool-input-start', id: `call-${n}`, toolName: step.tool }, { type: 'tool-input-delta', id: `call-${n}`, delta: input }, { type: 'tool-input-end', id: `call-${n}` });
    parts.push({ type: 'tool-call', toolCallId: `call-${n}`, toolName: step.tool, input });
  }
  parts.push({ type: 'finish', usage, finishReason: 'tool' in step ? { unified: 'tool-calls', raw: 'tool_use' } : { unified: 'stop', raw: 'end_turn' } });
  return { stream: convertArrayToReadableStream(parts) };
};
