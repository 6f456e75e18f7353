import type { EventData } from '@engram/events';
import { assign, setup } from 'xstate';

export type MemoryMode = EventData<'executive.session.started'>['modes']['memory'];

export interface TurnInput {
  /** The most tool rounds one turn may run (Anton's max_tool_rounds). */
  readonly roundCap: number;
  readonly memoryMode: MemoryMode;
  /** Wall-clock budget of the active part of a turn (assembling, thinking, acting). */
  readonly turnTimeoutMs: number;
}

/** Why a turn that produced an answer stopped: the model finished, the round cap, or the deadline. */
export type StopReason = 'end_turn' | 'round_cap' | 'deadline';

export interface TurnContext extends TurnInput {
  readonly message: string;
  /** 1-based LLM round within the turn (0 before the first). */
  readonly round: number;
  /** The model's latest non-empty text this turn: what a turn stopped by the cap or the deadline answers with. */
  readonly lastText: string;
  /** What the turn answers, set as it leaves `active` with an answer (the model's, or the last text so far at the cap or the deadline). */
  readonly answer: string | null;
  readonly stopReason: StopReason | null;
  readonly failure: { readonly reason: 'llm' | 'tool' | 'internal'; readonly error: string } | null;
  readonly cancelled: string | null;
  /** Copilot proposals waiting for the user when the turn ended. */
  readonly pending: number;
}

export type TurnEvent =
  | { readonly type: 'START'; readonly message: string }
  | { readonly type: 'CONTEXT_READY' }
  | { readonly type: 'LLM_ANSWERED'; readonly text: string; readonly toolCalls: number }
  | { readonly type: 'TOOLS_DONE' }
  | { readonly type: 'FAILED'; readonly reason: 'llm' | 'tool' | 'internal'; readonly error: string }
  | { readonly type: 'CANCEL'; readonly reason: string }
  | { readonly type: 'LEARNING_SETTLED'; readonly pending: number }
  | { readonly type: 'CONFIRMED' };

/** The default round cap: Anton's max_tool_rounds. */
export const DEFAULT_ROUND_CAP = 25;
/** A turn that runs longer than this is stuck (a hung model call outlives its own timeout and retries). */
export const DEFAULT_TURN_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * The turn lifecycle (docs/architecture.md, the turn): idle -> assembling -> thinking <-> acting ->
 * reflecting -> (confirming) -> idle, with cancellation, failure and a deadline. Pure: actions
 * only assign context. The machine owns the round loop: `thinking` asks for a model call,
 * `acting` for the tool calls of the answer, and leaving `active` for `reflecting` ends the turn
 * with `stopReason` and `answer` (the model's answer; at the round cap or the deadline, the last
 * text so far or a note that it stopped). The runtime (`runTurn`) only carries out what the state
 * asks and reports back with events; it decides nothing. Once in `reflecting`, no event starts
 * another round. The deadline uses XState's clock, so tests drive it with a simulated clock.
 */
export const turnMachine = setup({
  types: {
    context: {} as TurnContext,
    events: {} as TurnEvent,
    input: {} as TurnInput,
  },
  delays: {
    turnDeadline: ({ context }) => context.turnTimeoutMs,
  },
  guards: {
    wantsTools: ({ event }) => event.type === 'LLM_ANSWERED' && event.toolCalls > 0,
    roundCapReached: ({ context }) => context.round >= context.roundCap,
    hasPendingConfirmations: ({ context, event }) => context.memoryMode === 'copilot' && event.type === 'LEARNING_SETTLED' && event.pending > 0,
  },
  actions: {
    beginTurn: assign(({ event, context }) => ({
      ...context,
      message: event.type === 'START' ? event.message : '',
      round: 0,
      lastText: '',
      answer: null,
      stopReason: null,
      failure: null,
      cancelled: null,
      pending: 0,
    })),
    beginRound: assign({ round: ({ context }) => context.round + 1 }),
    recordText: assign({ lastText: ({ event, context }) => (event.type === 'LLM_ANSWERED' && event.text !== '' ? event.text : context.lastText) }),
    recordAnswer: assign({
      answer: ({ event }) => (event.type === 'LLM_ANSWERED' ? event.text : null),
      stopReason: () => 'end_turn' as const,
    }),
    recordCapExhausted: assign({
      answer: ({ context }) => context.lastText || `I stopped after ${context.roundCap} rounds without finishing.`,
      stopReason: () => 'round_cap' as const,
    }),
    recordFailure: assign({
      failure: ({ event }) => (event.type === 'FAILED' ? { reason: event.reason, error: event.error } : null),
    }),
    recordDeadline: assign({
      answer: ({ context }) => context.lastText || `I stopped after ${context.turnTimeoutMs} ms without finishing.`,
      stopReason: () => 'deadline' as const,
    }),
    recordCancel: assign({ cancelled: ({ event }) => (event.type === 'CANCEL' ? event.reason : 'cancelled') }),
    recordPending: assign({ pending: ({ event }) => (event.type === 'LEARNING_SETTLED' ? event.pending : 0) }),
  },
}).createMachine({
  id: 'turn',
  context: ({ input }) => ({ ...input, message: '', round: 0, lastText: '', answer: null, stopReason: null, failure: null, cancelled: null, pending: 0 }),
  initial: 'idle',
  states: {
    idle: {
      on: { START: { target: 'active', actions: 'beginTurn' } },
    },
    active: {
      initial: 'assembling',
      after: { turnDeadline: { target: '#turn.reflecting', actions: 'recordDeadline' } },
      on: {
        FAILED: { target: 'failed', actions: 'recordFailure' },
        CANCEL: { target: 'cancelled', actions: 'recordCancel' },
      },
      states: {
        assembling: {
          tags: ['assembling'],
          on: { CONTEXT_READY: { target: 'thinking', actions: 'beginRound' } },
        },
        thinking: {
          tags: ['thinking'],
          on: {
            LLM_ANSWERED: [
              { guard: 'wantsTools', target: 'acting', actions: 'recordText' },
              { target: '#turn.reflecting', actions: ['recordText', 'recordAnswer'] },
            ],
          },
        },
        acting: {
          tags: ['acting'],
          on: {
            TOOLS_DONE: [
              { guard: 'roundCapReached', target: '#turn.reflecting', actions: 'recordCapExhausted' },
              { target: 'thinking', actions: 'beginRound' },
            ],
          },
        },
      },
    },
    /** End-of-turn learning: the answer is already out; a host awaits `settled()` if it cares. */
    reflecting: {
      tags: ['reflecting'],
      on: {
        LEARNING_SETTLED: [
          { guard: 'hasPendingConfirmations', target: 'confirming', actions: 'recordPending' },
          { target: 'idle', actions: 'recordPending' },
        ],
        CANCEL: { target: 'idle', actions: 'recordCancel' },
      },
    },
    confirming: {
      tags: ['confirming'],
      on: { CONFIRMED: 'idle', START: { target: 'active', actions: 'beginTurn' } },
    },
    /** Failed and cancelled turns learn nothing: per-turn buffers are dropped on the way to idle. */
    failed: { tags: ['failed'], always: 'idle' },
    cancelled: { tags: ['cancelled'], always: 'idle' },
  },
});

export type TurnMachine = typeof turnMachine;
