import { createActor, initialTransition, SimulatedClock, transition, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { turnMachine, type TurnEvent, type TurnInput } from './turn-machine.js';

const input: TurnInput = { roundCap: 2, memoryMode: 'autopilot', turnTimeoutMs: 60_000 };
type Snap = SnapshotFrom<typeof turnMachine>;

/** Pure replay of events through the machine: no actor, no clock. */
const run = (events: readonly TurnEvent[], i: TurnInput = input): Snap => {
  let [snap] = initialTransition(turnMachine, i);
  for (const e of events) [snap] = transition(turnMachine, snap, e);
  return snap;
};

describe('the turn machine (pure transitions)', () => {
  it('answers without tools: idle -> assembling -> thinking -> reflecting -> idle', () => {
    const states: unknown[] = [];
    let [snap] = initialTransition(turnMachine, input);
    states.push(snap.value);
    for (const e of [{ type: 'START', message: 'hi' }, { type: 'CONTEXT_READY' }, { type: 'LLM_ANSWERED', text: 'hello', toolCalls: 0 }, { type: 'LEARNING_SETTLED', pending: 0 }] as const) {
      [snap] = transition(turnMachine, snap, e);
      states.push(snap.value);
    }
    expect(states).toEqual(['idle', { active: 'assembling' }, { active: 'thinking' }, 'reflecting', 'idle']);
    expect(snap.context).toMatchObject({ message: 'hi', round: 1, answer: 'hello', stopReason: 'end_turn', failure: null });
  });

  it('loops thinking <-> acting, counting rounds', () => {
    const snap = run([
      { type: 'START', message: 'go' },
      { type: 'CONTEXT_READY' },
      { type: 'LLM_ANSWERED', text: '', toolCalls: 2 },
      { type: 'TOOLS_DONE' },
      { type: 'LLM_ANSWERED', text: 'done', toolCalls: 0 },
    ], { ...input, roundCap: 5 });
    expect(snap.value).toBe('reflecting');
    expect(snap.context.round).toBe(2);
    expect(snap.context.answer).toBe('done');
  });

  it('stops at the round cap', () => {
    const snap = run([
      { type: 'START', message: 'go' },
      { type: 'CONTEXT_READY' },
      { type: 'LLM_ANSWERED', text: '', toolCalls: 1 },
      { type: 'TOOLS_DONE' },
      { type: 'LLM_ANSWERED', text: '', toolCalls: 1 },
      { type: 'TOOLS_DONE' },
    ]);
    expect(snap.value).toBe('reflecting');
    expect(snap.context).toMatchObject({ round: 2, stopReason: 'round_cap' });
  });

  it('a failure or a cancel from any active state ends the turn without reflecting', () => {
    for (const prefix of [[], [{ type: 'CONTEXT_READY' }], [{ type: 'CONTEXT_READY' }, { type: 'LLM_ANSWERED', text: '', toolCalls: 1 }]] as TurnEvent[][]) {
      const failed = run([{ type: 'START', message: 'x' }, ...prefix, { type: 'FAILED', reason: 'llm', error: 'unreachable' }]);
      expect(failed.value).toBe('idle');
      expect(failed.context.failure).toEqual({ reason: 'llm', error: 'unreachable' });
      const cancelled = run([{ type: 'START', message: 'x' }, ...prefix, { type: 'CANCEL', reason: 'user' }]);
      expect(cancelled.value).toBe('idle');
      expect(cancelled.context.cancelled).toBe('user');
    }
  });

  it('copilot mode with pending proposals confirms after the answer', () => {
    const copilot = { ...input, memoryMode: 'copilot' as const };
    const snap = run([{ type: 'START', message: 'x' }, { type: 'CONTEXT_READY' }, { type: 'LLM_ANSWERED', text: 'a', toolCalls: 0 }, { type: 'LEARNING_SETTLED', pending: 2 }], copilot);
    expect(snap.value).toBe('confirming');
    expect(snap.context.pending).toBe(2);
    expect(transition(turnMachine, snap, { type: 'CONFIRMED' })[0].value).toBe('idle');
    expect(run([{ type: 'START', message: 'x' }, { type: 'CONTEXT_READY' }, { type: 'LLM_ANSWERED', text: 'a', toolCalls: 0 }, { type: 'LEARNING_SETTLED', pending: 2 }]).value).toBe('idle');
  });

  it('a new turn resets the previous turn\'s answer, failure and rounds', () => {
    const snap = run([
      { type: 'START', message: 'one' },
      { type: 'CONTEXT_READY' },
      { type: 'FAILED', reason: 'tool', error: 'x' },
      { type: 'START', message: 'two' },
    ]);
    expect(snap.context).toMatchObject({ message: 'two', round: 0, failure: null, answer: null });
  });

  it('ignores events that do not belong to the current state', () => {
    const idle = run([{ type: 'TOOLS_DONE' }, { type: 'LLM_ANSWERED', text: 'x', toolCalls: 0 }]);
    expect(idle.value).toBe('idle');
  });
});

describe('the machine decides how a turn ends (the loop only carries it out)', () => {
  const begun: TurnEvent[] = [{ type: 'START', message: 'go' }, { type: 'CONTEXT_READY' }];

  it('given an answer with tool calls, asks for the tools; given one without, ends the turn with that answer', () => {
    const acting = run([...begun, { type: 'LLM_ANSWERED', text: 'looking', toolCalls: 2 }]);
    expect(acting.hasTag('acting')).toBe(true);
    expect(acting.context).toMatchObject({ answer: null, stopReason: null, lastText: 'looking' });
    const done = run([...begun, { type: 'LLM_ANSWERED', text: 'looking', toolCalls: 2 }, { type: 'TOOLS_DONE' }, { type: 'LLM_ANSWERED', text: '', toolCalls: 0 }]);
    expect(done.hasTag('reflecting')).toBe(true);
    // The model's own (empty) answer is the answer: the last text so far stands only for a turn the machine stopped.
    expect(done.context).toMatchObject({ answer: '', stopReason: 'end_turn', lastText: 'looking' });
  });

  it('at the round cap, answers with the last text the model wrote, or says it stopped', () => {
    const said = run([...begun, { type: 'LLM_ANSWERED', text: 'half way', toolCalls: 1 }, { type: 'TOOLS_DONE' }, { type: 'LLM_ANSWERED', text: '', toolCalls: 1 }, { type: 'TOOLS_DONE' }]);
    expect(said.context).toMatchObject({ stopReason: 'round_cap', answer: 'half way' });
    const silent = run([...begun, { type: 'LLM_ANSWERED', text: '', toolCalls: 1 }, { type: 'TOOLS_DONE' }, { type: 'LLM_ANSWERED', text: '', toolCalls: 1 }, { type: 'TOOLS_DONE' }]);
    expect(silent.context).toMatchObject({ stopReason: 'round_cap', answer: 'I stopped after 2 rounds without finishing.' });
  });

  it('a new turn forgets the last text of the one before', () => {
    const snap = run([...begun, { type: 'LLM_ANSWERED', text: 'old', toolCalls: 1 }, { type: 'CANCEL', reason: 'user' }, { type: 'START', message: 'new' }]);
    expect(snap.context).toMatchObject({ lastText: '', answer: null });
  });

  it('at the deadline (an injected clock), answers with the last text, or says how long it ran; a late answer changes nothing', () => {
    for (const [text, answer] of [['partial', 'partial'], ['', 'I stopped after 1000 ms without finishing.']] as const) {
      const clock = new SimulatedClock();
      const actor = createActor(turnMachine, { input: { ...input, turnTimeoutMs: 1000 }, clock });
      actor.start();
      for (const e of [...begun, { type: 'LLM_ANSWERED', text, toolCalls: 1 }] as const) actor.send(e);
      clock.increment(1000);
      actor.send({ type: 'LLM_ANSWERED', text: 'late', toolCalls: 0 });
      expect(actor.getSnapshot().hasTag('reflecting')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ stopReason: 'deadline', answer });
      actor.stop();
    }
  });
});

describe('the turn deadline (simulated clock)', () => {
  it('ends a turn that stays active past its deadline with stop reason deadline, and not one that finishes in time', () => {
    const clock = new SimulatedClock();
    const actor = createActor(turnMachine, { input: { ...input, turnTimeoutMs: 1000 }, clock });
    actor.start();
    actor.send({ type: 'START', message: 'slow' });
    actor.send({ type: 'CONTEXT_READY' });
    clock.increment(999);
    expect(actor.getSnapshot().value).toEqual({ active: 'thinking' });
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('reflecting');
    expect(actor.getSnapshot().context).toMatchObject({ stopReason: 'deadline', failure: null });
    // A late answer or round does not start another round.
    actor.send({ type: 'LLM_ANSWERED', text: 'late', toolCalls: 1 });
    actor.send({ type: 'TOOLS_DONE' });
    expect(actor.getSnapshot().value).toBe('reflecting');
    actor.send({ type: 'LEARNING_SETTLED', pending: 0 });

    actor.send({ type: 'START', message: 'fast' });
    actor.send({ type: 'CONTEXT_READY' });
    clock.increment(500);
    actor.send({ type: 'LLM_ANSWERED', text: 'ok', toolCalls: 0 });
    clock.increment(5000);
    expect(actor.getSnapshot().value).toBe('reflecting');
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, stopReason: 'end_turn' });
    actor.stop();
  });
});
