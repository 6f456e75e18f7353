import { readLogFile } from '@engram/store';
import { hostTool, type TurnActivity } from '@engram/runtime';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatHarness, messagesOf, textOf } from './chat-harness.js';

const h = chatHarness();

const population = hostTool({
  name: 'population',
  description: 'The population of a city.',
  input: z.object({ city: z.string(), year: z.number().int().min(1900) }),
  run: async ({ city, year }) => `${city} had 2100000 people in ${year}`,
});

describe('a chat session (engram-driven turns with history)', () => {
  it('sends the first turn (message, tool call, result, answer) with the second, streams the answer, and replays clean', async () => {
    h.turnReplies.push(
      { kind: 'tool', name: 'population', input: { city: 'Paris', year: 2020 }, text: 'Let me look.' },
      { kind: 'text', text: 'Paris had 2.1 million people in 2020.' },
      { kind: 'text', text: 'Twice that is 4.2 million.' },
    );
    const s = h.brain({ tools: [population] }).session();
    const deltas: string[] = [];
    const first = await s.turn('How many people lived in Paris in 2020?', { onText: (d) => deltas.push(d) });
    expect(first).toMatchObject({ answer: 'Paris had 2.1 million people in 2020.', stopReason: 'end_turn', turn: 1 });
    // Streamed in the fake server's 4-character chunks: the tool round's text, then the answer.
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe('Let me look.Paris had 2.1 million people in 2020.');
    const second = await s.turn('And twice that?');
    expect(second.answer).toBe('Twice that is 4.2 million.');
    await s.close();

    const requests = h.turnRequests();
    expect(requests).toHaveLength(3);
    expect(messagesOf(requests[0])).toEqual([{ role: 'user', content: 'How many people lived in Paris in 2020?' }]);
    const sent = messagesOf(requests[2]);
    const toolUseId = (sent[1]?.content as { id: string }[])[0]?.id;
    expect(sent).toEqual([
      { role: 'user', content: 'How many people lived in Paris in 2020?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: toolUseId, name: 'population', input: { city: 'Paris', year: 2020 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content: 'Paris had 2100000 people in 2020' }] },
      { role: 'assistant', content: 'Paris had 2.1 million people in 2020.' },
      { role: 'user', content: 'And twice that?' },
    ]);
    h.expectReplayClean(s.eventLog);
  });

  it('sends the history to an OpenAI-compatible server in its own shape (tool calls, tool messages)', async () => {
    h.turnReplies.push({ kind: 'tool', name: 'population', input: { city: 'Rome', year: 1990 } }, { kind: 'text', text: 'About 2.8 million.' }, { kind: 'text', text: 'It grew.' });
    const s = h.brain({ tools: [population] }, 'openai').session();
    const deltas: string[] = [];
    await s.turn('Rome in 1990?', { onText: (d) => deltas.push(d) });
    await s.turn('And since?');
    await s.close();
    expect(deltas.join('')).toBe('About 2.8 million.');
    const sent = messagesOf(h.turnRequests()[2]) as unknown as { role: string; content?: string | null; tool_calls?: { function: { name: string; arguments: string } }[] }[];
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
    expect(sent[2]?.tool_calls?.[0]?.function).toEqual({ name: 'population', arguments: JSON.stringify({ city: 'Rome', year: 1990 }) });
    expect(sent.slice(3).map((m) => m.content)).toEqual(['Rome had 2100000 people in 1990', 'About 2.8 million.', 'And since?']);
    h.expectReplayClean(s.eventLog);
  });

  it('scrubs secrets out of the history it sends again', async () => {
    const secret = ['sk-ant-api03-', 'A'.repeat(40)].join('');
    h.turnReplies.push({ kind: 'text', text: 'Noted.' }, { kind: 'text', text: 'Done.' });
    const s = h.brain().session();
    await s.turn(`my key is ${secret}`);
    await s.turn('what next?');
    await s.close();
    const history = textOf(messagesOf(h.turnRequests()[1]));
    expect(history).toContain('my key is');
    expect(history).not.toContain(secret);
  });

  it('compacts old turns past the budget through the model, records it, sends the summary instead, and tells onActivity', async () => {
    h.summary = 'The user asked about Paris (2.1M in 2020) and Lyon.';
    h.turnReplies.push(
      { kind: 'text', text: `Paris: ${'a long answer '.repeat(30)}` },
      { kind: 'text', text: `Lyon: ${'another long answer '.repeat(30)}` },
      { kind: 'text', text: 'Marseille is third.' },
    );
    const brain = h.brain({ history: { budgetTokens: 200, compactAt: 0.8, keepRecentTurns: 1 } });
    const s = brain.session();
    await s.turn('Tell me about Paris.');
    await s.turn('And Lyon?');
    const activity: TurnActivity[] = [];
    await s.turn('Which city is third?', { onActivity: (a) => activity.push(a) });
    await s.close();

    expect(activity).toContainEqual({ kind: 'compacted', turns: 1 });
    const compacted = readLogFile(s.eventLog).events.filter((e) => e.type === 'executive.history.compacted');
    expect(compacted.map((e) => e.data)).toEqual([{ summary: h.summary, fromTurn: 1, toTurn: 1, tokensBefore: expect.any(Number), tokensAfter: expect.any(Number) }]);
    const sizes = compacted[0]?.data as { tokensBefore: number; tokensAfter: number };
    expect(sizes.tokensAfter).toBeLessThan(sizes.tokensBefore);
    // The summary request carried the old turn as a transcript.
    const asked = h.structured('ConversationSummary');
    expect(asked).toHaveLength(1);
    expect(textOf(messagesOf(asked[0]))).toContain('Tell me about Paris.');
    const third = h.turnRequests()[2];
    expect(String(third?.body['system'])).toContain(h.summary);
    expect(messagesOf(third).map((m) => m.content)).toEqual(['And Lyon?', `Lyon: ${'another long answer '.repeat(30)}`, 'Which city is third?']);
    h.expectReplayClean(s.eventLog);
  });

  it('resumes a session from its log with its history (and its compaction summary), as the live session would send it', async () => {
    h.summary = 'Earlier: the user introduced themselves as Ada.';
    h.turnReplies.push(
      { kind: 'text', text: `Hello Ada. ${'x'.repeat(600)}` },
      { kind: 'tool', name: 'population', input: { city: 'Oslo', year: 2001 } },
      { kind: 'text', text: 'Oslo had 2100000 people.' },
      { kind: 'text', text: 'Your name is Ada.' },
    );
    const options = { tools: [population], history: { budgetTokens: 200, compactAt: 0.8, keepRecentTurns: 1 } };
    const brain = h.brain(options);
    const s = brain.session();
    await s.turn('I am Ada.');
    await s.turn('Population of Oslo in 2001?');
    await s.suspend();

    // A new process: the same folders, the session carried on from its log.
    const again = h.brain({ ...options, home: brain.paths.home, project: brain.paths.project }).session({ sessionId: s.id, resume: true });
    await again.turn('What is my name?');
    await again.close();

    const resumed = h.turnRequests()[3];
    expect(String(resumed?.body['system'])).toContain(h.summary);
    const sent = messagesOf(resumed);
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(sent[0]?.content).toBe('Population of Oslo in 2001?');
    expect(sent[2]?.content).toEqual([expect.objectContaining({ type: 'tool_result', content: 'Oslo had 2100000 people in 2001' })]);
    expect(sent[4]?.content).toBe('What is my name?');
    expect(textOf(sent)).not.toContain('I am Ada.');
    h.expectReplayClean(again.eventLog);
  });

  it('reports a host tool input that does not parse as an error result naming the field, and the breaker blocks repeated identical failures', async () => {
    let runs = 0;
    const flaky = hostTool({
      name: 'fetch_page',
      description: 'Fetches a page.',
      input: z.object({ url: z.string(), retries: z.number().int() }),
      run: async () => {
        runs += 1;
        return { ok: false, output: 'ECONNREFUSED 127.0.0.1:9' };
      },
    });
    const call = { kind: 'tool', name: 'fetch_page', input: { url: 'http://127.0.0.1:9/', retries: 0 } } as const;
    h.turnReplies.push({ kind: 'tool', name: 'fetch_page', input: { url: 'http://127.0.0.1:9/' } }, call, call, call, call, { kind: 'text', text: 'The page cannot be fetched.' });
    const s = h.brain().session();
    const activity: TurnActivity[] = [];
    const result = await s.turn('Fetch the page.', { tools: [flaky], onActivity: (a) => activity.push(a) });
    await s.close();
    expect(result.answer).toBe('The page cannot be fetched.');
    // Three identical failures ran; the fourth identical call was blocked without running.
    expect(runs).toBe(3);
    const turns = h.turnRequests();
    expect(turns[0]?.body['tools']).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'fetch_page', input_schema: expect.objectContaining({ type: 'object', required: ['url', 'retries'] }) })]));
    const lastResult = (r: number): { content: string; is_error?: boolean } => {
      const messages = messagesOf(turns[r]);
      const blocks = messages.at(-1)?.content as { type: string; content: string; is_error?: boolean }[];
      return blocks.find((b) => b.type === 'tool_result') as { content: string; is_error?: boolean };
    };
    expect(lastResult(1)).toMatchObject({ is_error: true, content: expect.stringContaining('retries') });
    expect(lastResult(1).content).toMatch(/^Invalid fetch_page input: retries: /);
    expect(lastResult(5)).toMatchObject({ is_error: true, content: expect.stringContaining('this exact fetch_page call failed 3 times') });
    const log = readLogFile(s.eventLog).events;
    expect(log.filter((e) => e.type === 'executive.tool.called' && e.data.name === 'fetch_page')).toHaveLength(5);
    expect(log.filter((e) => e.type === 'executive.tool.guarded' && e.data.action === 'blocked')).toHaveLength(1);
    const ends = activity.filter((a) => a.kind === 'tool-end');
    expect(ends.map((a) => a.ok)).toEqual([false, false, false, false, false]);
    expect(activity.filter((a) => a.kind === 'tool-start').map((a) => a.name)).toEqual(Array(5).fill('fetch_page'));
    h.expectReplayClean(s.eventLog);
  });

  it('keeps a cancelled turn in the history as the message and a marker, and the next turn works', async () => {
    const stop = new AbortController();
    const slow = hostTool({
      name: 'slow',
      description: 'Takes its time.',
      input: z.object({}),
      run: (_input, { signal }) =>
        new Promise<string>((resolve) => {
          signal.addEventListener('abort', () => resolve('stopped'), { once: true });
          // The user presses Ctrl-C while the tool runs.
          stop.abort(new Error('cancelled by the user (Ctrl-C)'));
        }),
    });
    h.turnReplies.push({ kind: 'tool', name: 'slow', input: {} }, { kind: 'text', text: 'Hi again.' });
    const s = h.brain({ tools: [slow] }).session();
    const cancelled = await s.turn('Do the slow thing.', { signal: stop.signal });
    expect(cancelled.stopReason).toBe('cancelled');
    const next = await s.turn('Never mind, hello.');
    await s.close();
    expect(next.answer).toBe('Hi again.');
    expect(messagesOf(h.turnRequests()[1])).toEqual([
      { role: 'user', content: 'Do the slow thing.' },
      { role: 'assistant', content: '(This turn was cancelled before I answered: cancelled by the user (Ctrl-C).)' },
      { role: 'user', content: 'Never mind, hello.' },
    ]);
    h.expectReplayClean(s.eventLog);
  });

  it('refuses a host tool with a name the model APIs refuse or a built-in tool name', () => {
    const tool = (name: string) => hostTool({ name, description: 'x', input: z.object({}), run: async () => '' });
    expect(() => h.brain({ tools: [tool('scratchpad')] })).toThrow(/clashes with engram's built-in tool/);
    expect(() => h.brain({ tools: [tool('two words')] })).toThrow(/"two words" is invalid/);
    expect(() => h.brain({ tools: [tool('dup'), tool('dup')] })).toThrow(/given twice/);
  });
});
