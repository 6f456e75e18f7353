/**
 * engram in a Vercel AI SDK app (ai 6.x): one middleware per conversation, wrapped around any
 * model with `wrapLanguageModel`. Run it: `node --conditions=@engram/source --import tsx
 * examples/ai-sdk.ts`.
 *
 * Offline, a clearly labelled scripted model (the AI SDK's own MockLanguageModelV3) plays the
 * model: it calls `publish` until engram's system text says a call was not run (or, once memory
 * holds the lesson, after the first failure), then gives up.
 * Everything else is real: generateText's tool loop, the tool, the engram session, memory files.
 * With a real model: `const base = anthropic('claude-sonnet-5-5')` (from `@ai-sdk/anthropic`).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engramMiddleware, NOTES_HEADING } from '@engram/ai-sdk';
import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];

/** The scripted model: reads its system prompt the way a real model would, and acts on it. */
const scriptedModel = (): MockLanguageModelV3 => {
  let calls = 0;
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
  return new MockLanguageModelV3({
    doGenerate: (options: CallOptions) => {
      calls += 1;
      const system = options.prompt.flatMap((m) => (m.role === 'system' ? [m.content] : [])).join('\n');
      const failed = options.prompt.some((m) => m.role === 'tool' && m.content.some((p) => p.type === 'tool-result' && p.output.type === 'error-text'));
      // A model that heeds engram: stop when a call was refused, or after one failure once memory says not to retry.
      const giveUp = /engram did not run/.test(system) || (failed && /don't retry/.test(system.split(NOTES_HEADING)[0] ?? ''));
      return Promise.resolve(
        giveUp
          ? { content: [{ type: 'text', text: 'The publish tool refuses this target; I stopped and told the user.' }], finishReason: { unified: 'stop', raw: 'end_turn' }, usage, warnings: [] }
          : { content: [{ type: 'tool-call', toolCallId: `call-${calls}`, toolName: 'publish', input: JSON.stringify({ target: 'reports/q3' }) }], finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage, warnings: [] },
      );
    },
  });
};

/** The model to wrap (any provider's ai 6.x model, e.g. `anthropic('claude-sonnet-5-5')`); default the scripted one. */
type BaseModel = Parameters<typeof wrapLanguageModel>[0]['model'];

export const aiSdkExample = async (home: string, base: () => BaseModel = scriptedModel) => {
  const project = join(home, 'my-project');
  const runs = { first: 0, second: 0 };
  let conversation: keyof typeof runs = 'first';
  const tools = {
    publish: tool({
      description: 'Publish a report to the shared drive.',
      inputSchema: jsonSchema<{ target: string }>({ type: 'object', properties: { target: { type: 'string' } }, required: ['target'] }),
      execute: ({ target }): string => {
        runs[conversation] += 1;
        throw new Error(`Refusing to save record for engine='gmail-1' (target ${target})`);
      },
    }),
  };

  // Conversation 1: the tool keeps failing; engram warns, then blocks the repeat, and learns at the end.
  const first = engramMiddleware({ home, project });
  const lessons: string[] = [];
  first.session.events$.subscribe((e) => {
    if (e.type === 'acc.lesson.detected') lessons.push(e.data.rule);
  });
  const one = await generateText({
    model: wrapLanguageModel({ model: base(), middleware: first }),
    tools: first.guardTools(tools), // a blocked call is not run: it fails with engram's explanation
    stopWhen: stepCountIs(8),
    prompt: 'Publish the Q3 report',
  });
  await first.settled(); // what the turn taught is in memory
  await first.close();

  // Conversation 2, a new session: the lesson is in the system prompt before the first call.
  conversation = 'second';
  const second = engramMiddleware({ home, project });
  const model2 = base();
  const two = await generateText({ model: wrapLanguageModel({ model: model2, middleware: second }), tools: second.guardTools(tools), stopWhen: stepCountIs(8), prompt: 'Publish the Q3 report again' });
  await second.close();
  return { runs, answer: one.text, steps: one.steps.length, lessons, secondAnswer: two.text, secondSteps: two.steps.length, eventLog: first.session.eventLog };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await aiSdkExample(mkdtempSync(join(tmpdir(), 'engram-ai-sdk-'))), null, 2));
}
