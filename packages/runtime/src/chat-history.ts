import type { AnyEnvelope } from '@engram/events';
import { estimateTokens } from '@engram/kernel';
import type { InputBlock, LlmMessage } from '@engram/llm';

/** One closed turn of the conversation, as the model is sent it on later turns. */
interface HistoryTurn {
  readonly turn: number;
  readonly messages: readonly LlmMessage[];
  /** `estimateTokens` of the messages' JSON: what the turn costs in every later request. */
  readonly tokens: number;
}

interface OpenCall {
  readonly round: number;
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  result: { readonly content: string; readonly isError: boolean } | null;
}

interface OpenTurn {
  readonly turn: number;
  readonly message: string;
  readonly calls: OpenCall[];
}

/**
 * The conversation of a session, folded from its events (so a live session and one resumed from
 * its log hold the same history by construction): the latest compaction summary, the closed turns
 * after it, and the turn being built. Everything in it is what the log holds: the user's message
 * and the answer scrubbed, tool inputs and results scrubbed and clipped as recorded.
 */
export interface ChatHistory {
  /** The summary of every turn up to `summaryThrough` ("" when nothing was compacted). */
  readonly summary: string;
  readonly summaryThrough: number;
  readonly turns: readonly HistoryTurn[];
  readonly open: OpenTurn | null;
}

export const emptyHistory: ChatHistory = { summary: '', summaryThrough: 0, turns: [], open: null };

/** What a turn that ended without an answer leaves in place of one, so the next turn knows it was asked. */
const unansweredMarker = (how: 'cancelled' | 'failed', reason: string): string => `(This turn ${how === 'cancelled' ? 'was cancelled' : 'failed'} before I answered${reason === '' ? '' : `: ${reason}`}.)`;

/** What a call that never got its result reads as (the turn ended while it ran). */
const NO_RESULT = '(no result: the turn ended before this call finished)';

const asToolInput = (input: unknown): unknown => (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : { value: input });

/** The messages of a turn that got its answer: the message, each round's calls and results, the answer. */
const answeredMessages = (open: OpenTurn, answer: string): LlmMessage[] => {
  const messages: LlmMessage[] = [{ role: 'user', content: open.message }];
  const rounds = [...new Set(open.calls.map((c) => c.round))];
  for (const round of rounds) {
    const calls = open.calls.filter((c) => c.round === round);
    messages.push({ role: 'assistant', content: calls.map((c): InputBlock => ({ type: 'tool_use', id: c.id, name: c.name, input: asToolInput(c.input) })) });
    messages.push({
      role: 'user',
      content: calls.map((c): InputBlock => {
        const result = c.result ?? { content: NO_RESULT, isError: true };
        return { type: 'tool_result', tool_use_id: c.id, content: result.content === '' ? '(no output)' : result.content, ...(result.isError ? { is_error: true } : {}) };
      }),
    });
  }
  messages.push({ role: 'assistant', content: answer === '' ? '(no answer)' : answer });
  return messages;
};

const closed = (turn: number, messages: LlmMessage[]): HistoryTurn => ({ turn, messages, tokens: estimateTokens(JSON.stringify(messages)) });

const withResult = (open: OpenTurn, id: string, result: NonNullable<OpenCall['result']>): OpenTurn => ({
  ...open,
  calls: open.calls.map((c) => (c.id === id && c.result === null ? { ...c, result } : c)),
});

/**
 * Folds one event into the history. Pure. A turn that was cancelled or failed keeps its message
 * with a marker in place of the answer and drops its tool calls (they led nowhere, and a call
 * cut off mid-run has no result to pair it with).
 */
export const evolveHistory = (h: ChatHistory, e: AnyEnvelope): ChatHistory => {
  if (e.type === 'executive.turn.started') return { ...h, open: { turn: e.turn, message: e.data.message, calls: [] } };
  if (e.type === 'executive.history.compacted') return { ...h, summary: e.data.summary, summaryThrough: e.data.toTurn, turns: h.turns.filter((t) => t.turn > e.data.toTurn) };
  const open = h.open;
  if (open === null) return h;
  if (e.type === 'executive.tool.called') return { ...h, open: { ...open, calls: [...open.calls, { round: e.round, id: e.data.toolUseId, name: e.data.name, input: e.data.input, result: null }] } };
  if (e.type === 'executive.tool.resulted') return { ...h, open: withResult(open, e.data.toolUseId, e.data.ok ? { content: e.data.output, isError: false } : { content: e.data.error, isError: true }) };
  // A blocked call never ran: the model was given the breaker's explanation as its result.
  if (e.type === 'executive.tool.guarded') return e.data.action === 'blocked' ? { ...h, open: withResult(open, e.data.toolUseId, { content: e.data.explanation, isError: true }) } : h;
  if (e.type === 'executive.turn.completed') return { ...h, turns: [...h.turns, closed(open.turn, answeredMessages(open, e.data.answer))], open: null };
  if (e.type === 'executive.turn.cancelled' || e.type === 'executive.turn.failed') {
    const marker = e.type === 'executive.turn.cancelled' ? unansweredMarker('cancelled', e.data.reason) : unansweredMarker('failed', e.data.error);
    return { ...h, turns: [...h.turns, closed(open.turn, [{ role: 'user', content: open.message }, { role: 'assistant', content: marker }])], open: null };
  }
  return h;
};

/** The closed turns' messages, in order: what a new turn sends ahead of its message. */
export const historyMessages = (h: ChatHistory): LlmMessage[] => h.turns.flatMap((t) => t.messages);

/** The history's estimated size in tokens: the summary and every closed turn. */
export const historyTokens = (h: ChatHistory): number => estimateTokens(h.summary) + h.turns.reduce((sum, t) => sum + t.tokens, 0);
