import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engramMiddleware, MEMORY_HEADING, NOTES_HEADING, type EngramMiddleware } from '@engram/ai-sdk';
import { readLogFile } from '@engram/store';
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { generateStep, streamStep, type ScriptedStep } from './scripted-steps.js';

type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type Mode = 'generateText' | 'streamText';

const REFUSAL = "Refusing to save record for engine='gmail-1'";

/** A real tool that always fails the same way, counting the times it really ran. */
const publishTool = () => {
  const runs: string[] = [];
  const tools = {
    publish: tool({
      description: 'Publish a report.',
      inputSchema: jsonSchema<{ target: string }>({ type: 'object', properties: { target: { type: 'string' } }, required: ['target'] }),
      execute: ({ target }): string => {
        runs.push(target);
        throw new Error(REFUSAL);
      },
    }),
    lookup: tool({
      description: 'Look a report up.',
      inputSchema: jsonSchema<{ id: string }>({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }),
      execute: ({ id }) => ({ id, title: `Report ${id}` }),
    }),
  };
  return { runs, tools };
};

const scripted = (mode: Mode, steps: readonly ScriptedStep[]) =>
  mode === 'generateText' ? new MockLanguageModelV3({ doGenerate: steps.map(generateStep) }) : new MockLanguageModelV3({ doStream: steps.map(streamStep) });

const callsOf = (model: MockLanguageModelV3, mode: Mode): CallOptions[] => (mode === 'generateText' ? model.doGenerateCalls : model.doStreamCalls);

/** The system text the model received at one call (every system message, joined). */
const systemOf = (call: CallOptions | undefined): string => (call?.prompt ?? []).flatMap((m) => (m.role === 'system' ? [m.content] : [])).join('\n---\n');

/** Runs one conversation turn through the AI SDK's own loop, wrapped with engram. */
const run = async (mode: Mode, engram: EngramMiddleware, model: MockLanguageModelV3, tools: ReturnType<typeof publishTool>['tools'], prompt: string) => {
  const wrapped = wrapLanguageModel({ model, middleware: engram });
  const options = { model: wrapped, system: 'You are the reporting agent.', tools: engram.guardTools(tools), stopWhen: stepCountIs(10), prompt };
  if (mode === 'generateText') return (await generateText(options)).text;
  const result = streamText(options);
  let text = '';
  for await (const delta of result.textStream) text += delta;
  return text;
};

const home = () => mkdtempSync(join(tmpdir(), 'engram-ai-sdk-'));

describe.each<Mode>(['generateText', 'streamText'])('engram middleware with %s', (mode) => {
  it('reports each call and result, warns then blocks the repeated failure, and learns at the end of the turn', async () => {
    const root = home();
    const project = join(root, 'project');
    const { runs, tools } = publishTool();
    const engram = engramMiddleware({ home: root, project });
    const publish = { tool: 'publish', input: { target: 'reports/q3' } };
    const model = scripted(mode, [{ tool: 'lookup', input: { id: 'q3' } }, publish, publish, publish, publish, { text: 'I could not publish the Q3 report.' }]);

    const answer = await run(mode, engram, model, tools, 'Publish the Q3 report');
    await engram.settled();

    expect(answer).toBe('I could not publish the Q3 report.');
    const calls = callsOf(model, mode);
    expect(calls).toHaveLength(6);
    // The fourth identical call was blocked: the tool really ran three times.
    expect(runs).toEqual(['reports/q3', 'reports/q3', 'reports/q3']);
    // Nothing to say before the first failure; the host's own system prompt is kept as it was.
    expect(systemOf(calls[0])).toBe('You are the reporting agent.');
    expect(systemOf(calls[2])).not.toContain(NOTES_HEADING);
    // After two identical failures the third call is warned about; the warning reaches the next prompt.
    expect(systemOf(calls[4])).toContain(NOTES_HEADING);
    expect(systemOf(calls[4])).toMatch(/engram: .*publish/i);
    // The fourth is blocked: not run, and the model reads why (as system text and as the tool's error).
    expect(systemOf(calls[5])).toContain('engram did not run this publish call');
    const lastTool = calls[5]?.prompt.at(-1);
    expect(lastTool?.role === 'tool' && lastTool.content[0]?.type === 'tool-result' ? lastTool.content[0].output : null).toMatchObject({ type: 'error-text', value: expect.stringMatching(/^engram: /) as unknown });

    const events = readLogFile(engram.session.eventLog).events;
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'executive.tool.called')).toHaveLength(5);
    // lookup worked, three publishes failed; the blocked one never ran, so it has no result.
    const results = events.flatMap((e) => (e.type === 'executive.tool.resulted' ? [[e.data.name, e.data.ok, e.data.error]] : []));
    expect(results).toEqual([['lookup', true, ''], ...Array.from({ length: 3 }, () => ['publish', false, REFUSAL])]);
    expect(events.flatMap((e) => (e.type === 'executive.tool.guarded' ? [e.data.action] : []))).toEqual(['warned', 'warned', 'blocked']); // the retry warning (issue 24), the breaker's warning, its block
    const completed = events.find((e) => e.type === 'executive.turn.completed');
    expect(completed?.type === 'executive.turn.completed' ? completed.data : null).toMatchObject({ answer: 'I could not publish the Q3 report.', stopReason: 'end_turn' });
    const lessons = events.flatMap((e) => (e.type === 'acc.lesson.detected' ? [e.data.lessonId] : []));
    expect(lessons).toContain('acc.repeated-tool-error');
    const stored = events.flatMap((e) => (e.type === 'hippocampus.engram.encoded' && e.data.outcome === 'added' ? [e.data.engram.text] : []));
    expect(stored.length).toBeGreaterThan(0);
    await engram.close();

    // A second conversation (a new engram session): its very first prompt carries what the first one learned.
    const second = engramMiddleware({ home: root, project });
    const model2 = scripted(mode, [{ text: 'Noted.' }]);
    expect(await run(mode, second, model2, tools, 'Publish the Q4 report')).toBe('Noted.');
    const system = systemOf(callsOf(model2, mode)[0]);
    expect(system).toContain(MEMORY_HEADING);
    for (const text of stored) expect(system).toContain(text);
    expect(system.startsWith('You are the reporting agent.')).toBe(true);
    await second.close();
    expect(second.session.id).not.toBe(engram.session.id);
  });

  it('shows the memory block from the first call and ends a turn without tools at once', async () => {
    const root = home();
    const project = join(root, 'project');
    const seed = engramMiddleware({ home: root, project });
    // Learn something through a first conversation that only fails (three identical failures, then an answer).
    const { tools } = publishTool();
    const p = { tool: 'publish', input: { target: 'x' } };
    await run(mode, seed, scripted(mode, [p, p, p, { text: 'stopped' }]), tools, 'publish x');
    await seed.close();

    const engram = engramMiddleware({ home: root, project });
    const model = scripted(mode, [{ text: 'hello' }, { text: 'again' }]);
    expect(await run(mode, engram, model, tools, 'hi')).toBe('hello');
    expect(await run(mode, engram, model, tools, 'hi again')).toBe('again');
    await engram.settled();
    const types = readLogFile(engram.session.eventLog).events.map((e) => e.type);
    // Two user messages, two turns, each ended by its own final step.
    expect(types.filter((t) => t === 'executive.turn.started')).toHaveLength(2);
    expect(types.filter((t) => t === 'executive.turn.completed')).toHaveLength(2);
    expect(systemOf(callsOf(model, mode)[1])).toContain(MEMORY_HEADING);
    await engram.close();
  });
});

describe('engram middleware across the AI SDK step limit', () => {
  it('a turn stopped by stopWhen with tool calls pending ends as round_cap when the next user message arrives', async () => {
    const root = home();
    const engram = engramMiddleware({ home: root, project: join(root, 'project') });
    const { tools } = publishTool();
    const p = { tool: 'publish', input: { target: 'y' } };
    const model = new MockLanguageModelV3({ doGenerate: [p, p, { text: 'ok' }].map(generateStep) });
    const wrapped = wrapLanguageModel({ model, middleware: engram });
    const first = await generateText({ model: wrapped, tools: engram.guardTools(tools), stopWhen: stepCountIs(2), prompt: 'publish y' });
    // The AI SDK stopped after two steps; continue the conversation with its messages and a new user message.
    await generateText({ model: wrapped, tools: engram.guardTools(tools), messages: [{ role: 'user', content: 'publish y' }, ...first.response.messages, { role: 'user', content: 'never mind' }] });
    await engram.close();
    const events = readLogFile(engram.session.eventLog).events;
    expect(events.filter((e) => e.type === 'executive.tool.resulted')).toHaveLength(2);
    expect(events.flatMap((e) => (e.type === 'executive.turn.completed' ? [e.data.stopReason] : []))).toEqual(['round_cap', 'end_turn']);
  });

  it('fails open: a broken engram session never breaks the model call', async () => {
    const root = home();
    const problems: string[] = [];
    const engram = engramMiddleware({ home: root, project: join(root, 'project'), warn: (m) => problems.push(m) });
    await engram.close(); // every report now throws inside the middleware
    const model = new MockLanguageModelV3({ doGenerate: [generateStep({ text: 'still here' }, 0)] });
    const r = await generateText({ model: wrapLanguageModel({ model, middleware: engram }), prompt: 'hi' });
    expect(r.text).toBe('still here');
    expect(problems.some((m) => m.startsWith('engram (prompt): ') && /closed/.test(m))).toBe(true);
  });
});

describe('engram middleware across requests', () => {
  it('a chat served one request at a time carries one engram session on with sessionId and suspend()', async () => {
    const root = home();
    const project = join(root, 'project');
    const { tools } = publishTool();
    const first = engramMiddleware({ home: root, project });
    const model1 = new MockLanguageModelV3({ doGenerate: [{ tool: 'lookup', input: { id: 'q3' } }, { text: 'Found it.' }].map(generateStep) });
    const r1 = await generateText({ model: wrapLanguageModel({ model: model1, middleware: first }), tools: first.guardTools(tools), stopWhen: stepCountIs(5), prompt: 'find q3' });
    await first.suspend();

    // The next request: a new middleware for the same conversation, the history as messages.
    const second = engramMiddleware({ home: root, project, sessionId: first.session.id });
    const model2 = new MockLanguageModelV3({ doGenerate: [generateStep({ text: 'Done.' }, 9)] });
    const messages = [{ role: 'user' as const, content: 'find q3' }, ...r1.response.messages, { role: 'user' as const, content: 'thanks' }];
    expect((await generateText({ model: wrapLanguageModel({ model: model2, middleware: second }), tools: second.guardTools(tools), messages })).text).toBe('Done.');
    await second.close();

    expect(second.session.eventLog).toBe(first.session.eventLog);
    const { events, problems } = readLogFile(first.session.eventLog);
    expect(problems).toEqual([]);
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'executive.session.started')).toHaveLength(1);
    expect(events.flatMap((e) => (e.type === 'executive.turn.completed' ? [e.data.answer] : []))).toEqual(['Found it.', 'Done.']);
    // The first request's call is not reported again from the second request's history.
    expect(types.filter((t) => t === 'executive.tool.called')).toHaveLength(1);
    expect(types.at(-1)).toBe('executive.session.ended');
  });
});
