import type { AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';
import type { InputBlock } from '@engram/llm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyHistory, evolveHistory, historyMessages } from './chat-history.js';

/** One call of a turn: how it ended (a result, a failure, the breaker's block, or nothing: the turn ended while it ran). */
type CallEnd = 'ok' | 'failed' | 'blocked' | 'none';
interface TurnScript {
  readonly rounds: readonly (readonly CallEnd[])[];
  readonly end: 'completed' | 'cancelled' | 'failed' | 'open';
  readonly answer: string;
}

const turnArb: fc.Arbitrary<TurnScript> = fc.record({
  rounds: fc.array(fc.array(fc.constantFrom<CallEnd>('ok', 'failed', 'blocked', 'none'), { minLength: 1, maxLength: 3 }), { maxLength: 3 }),
  end: fc.constantFrom('completed', 'completed', 'cancelled', 'failed', 'open'),
  answer: fc.constantFrom('', 'the answer'),
});

/** The events of a session running `turns` (a turn left open is cut off by the next one's cancellation, as a new turn does). */
const eventsOf = (turns: readonly TurnScript[]): AnyEnvelope[] => {
  const out: AnyEnvelope[] = [];
  let ids = 0;
  turns.forEach((t, i) => {
    const turn = i + 1;
    const at = { turn };
    out.push(buildEvent('executive.turn.started', { message: `message ${turn}` }, at));
    t.rounds.forEach((calls, r) => {
      const round = { turn, round: r + 1 };
      for (const end of calls) {
        const toolUseId = `t${++ids}`;
        out.push(buildEvent('executive.tool.called', { toolUseId, name: 'scratchpad', input: { n: ids } }, round));
        if (end === 'blocked') out.push(buildEvent('executive.tool.guarded', { toolUseId, name: 'scratchpad', action: 'blocked', explanation: 'blocked' }, round));
        if (end === 'ok' || end === 'failed') out.push(buildEvent('executive.tool.resulted', { toolUseId, name: 'scratchpad', ok: end === 'ok', output: end === 'ok' ? 'out' : '', error: end === 'ok' ? '' : 'boom' }, round));
      }
    });
    if (t.end === 'completed') out.push(buildEvent('executive.turn.completed', { answer: t.answer }, at));
    if (t.end === 'cancelled') out.push(buildEvent('executive.turn.cancelled', { reason: 'Ctrl-C' }, at));
    if (t.end === 'failed') out.push(buildEvent('executive.turn.failed', { reason: 'llm', error: 'network' }, at));
    if (t.end === 'open' && i < turns.length - 1) out.push(buildEvent('executive.turn.cancelled', { reason: 'a new turn started before this one ended' }, at));
  });
  return out.map((e, i) => ({ ...e, seq: i + 1 }));
};

const blocks = (content: string | readonly InputBlock[]): readonly InputBlock[] => (typeof content === 'string' ? [{ type: 'text', text: content }] : content);

describe('the chat history fold', () => {
  it('always gives a conversation the model APIs accept: alternating roles from a user message to an answer, every tool_use answered by its tool_result next', () => {
    fc.assert(
      fc.property(fc.array(turnArb, { maxLength: 6 }), (turns) => {
        const messages = historyMessages(eventsOf(turns).reduce(evolveHistory, emptyHistory));
        messages.forEach((m, i) => expect(m.role).toBe(i % 2 === 0 ? 'user' : 'assistant'));
        if (messages.length > 0) expect(messages.at(-1)?.role).toBe('assistant');
        messages.forEach((m, i) => {
          for (const b of blocks(m.content)) if (b.type === 'text') expect(b.text).not.toBe('');
          const uses = blocks(m.content).flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
          if (uses.length === 0) return;
          const results = blocks(messages[i + 1]?.content ?? []).flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : []));
          expect(results).toEqual(uses);
        });
        // One user message per closed turn, in order; a turn still open is not part of the history yet.
        const closedTurns = turns.filter((t, i) => t.end !== 'open' || i < turns.length - 1).length;
        expect(messages.filter((m) => typeof m.content === 'string' && m.role === 'user').map((m) => m.content)).toEqual(Array.from({ length: closedTurns }, (_, i) => `message ${i + 1}`));
      }),
    );
  });

  it('keeps the calls of an answered turn, with the breaker explanation for a blocked call and a marker for one cut off', () => {
    const h = eventsOf([{ rounds: [['ok', 'blocked'], ['none']], end: 'completed', answer: 'done' }]).reduce(evolveHistory, emptyHistory);
    expect(historyMessages(h)).toEqual([
      { role: 'user', content: 'message 1' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'scratchpad', input: { n: 1 } }, { type: 'tool_use', id: 't2', name: 'scratchpad', input: { n: 2 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'out' }, { type: 'tool_result', tool_use_id: 't2', content: 'blocked', is_error: true }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't3', name: 'scratchpad', input: { n: 3 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't3', content: '(no result: the turn ended before this call finished)', is_error: true }] },
      { role: 'assistant', content: 'done' },
    ]);
  });

  it('replaces the turns a compaction covered with its summary', () => {
    const events = eventsOf([{ rounds: [], end: 'completed', answer: 'a' }, { rounds: [['ok']], end: 'completed', answer: 'b' }, { rounds: [], end: 'cancelled', answer: '' }]);
    const h = [...events, buildEvent('executive.history.compacted', { summary: 'S', fromTurn: 1, toTurn: 2 }, { turn: 3 })].reduce(evolveHistory, emptyHistory);
    expect(h.summary).toBe('S');
    expect(historyMessages(h)).toEqual([
      { role: 'user', content: 'message 3' },
      { role: 'assistant', content: '(This turn was cancelled before I answered: Ctrl-C.)' },
    ]);
  });
});
