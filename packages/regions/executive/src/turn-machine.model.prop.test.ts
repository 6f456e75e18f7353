import fc from 'fast-check';
import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { turnMachine, type TurnEvent } from './turn-machine.js';

/** What the engram-driven loop (and time) can do to a turn, in any order. */
type Step = { readonly kind: 'event'; readonly event: TurnEvent } | { readonly kind: 'wait'; readonly ms: number };

const eventArb: fc.Arbitrary<TurnEvent> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<TurnEvent>({ type: 'START', message: 'm' }) },
  { weight: 2, arbitrary: fc.constant<TurnEvent>({ type: 'CONTEXT_READY' }) },
  { weight: 6, arbitrary: fc.nat(3).map((toolCalls): TurnEvent => ({ type: 'LLM_ANSWERED', text: toolCalls === 0 ? 'done' : '', toolCalls })) },
  { weight: 6, arbitrary: fc.constant<TurnEvent>({ type: 'TOOLS_DONE' }) },
  { weight: 1, arbitrary: fc.constant<TurnEvent>({ type: 'FAILED', reason: 'tool', error: 'e' }) },
  { weight: 1, arbitrary: fc.constant<TurnEvent>({ type: 'CANCEL', reason: 'c' }) },
  { weight: 1, arbitrary: fc.nat(1).map((pending): TurnEvent => ({ type: 'LEARNING_SETTLED', pending })) },
  { weight: 1, arbitrary: fc.constant<TurnEvent>({ type: 'CONFIRMED' }) },
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: eventArb.map((event): Step => ({ kind: 'event', event })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 400 }).map((ms): Step => ({ kind: 'wait', ms })) },
);

describe('turn machine: the round cap and the deadline hold together (model-based, simulated clock)', () => {
  it('never runs more rounds than the cap, ends every turn that outlives its deadline with stop reason deadline, and runs no round after either', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 100, max: 1000 }), fc.array(stepArb, { maxLength: 80 }), (roundCap, turnTimeoutMs, steps) => {
        const clock = new SimulatedClock();
        const actor = createActor(turnMachine, { input: { roundCap, memoryMode: 'copilot', turnTimeoutMs }, clock });
        actor.start();
        /** Time since the current turn started (null outside one); the model's own clock. */
        let startedAt: number | null = null;
        let now = 0;
        for (const step of steps) {
          const before = actor.getSnapshot();
          if (step.kind === 'wait') {
            now += step.ms;
            clock.increment(step.ms);
          } else {
            if (step.event.type === 'START' && (before.matches('idle') || before.matches('confirming'))) startedAt = now;
            actor.send(step.event);
          }
          const s = actor.getSnapshot();
          // The cap: the machine never counts a round past it, and never thinks again once it has reached it.
          expect(s.context.round).toBeLessThanOrEqual(roundCap);
          if (s.context.stopReason === 'round_cap') expect(s.matches('active')).toBe(false);
          // The deadline: a turn active for turnTimeoutMs or more is over, with stop reason deadline.
          if (s.matches('active')) {
            expect(startedAt).not.toBeNull();
            expect(now - (startedAt ?? now)).toBeLessThan(turnTimeoutMs);
          }
          if (before.matches('active') && !s.matches('active') && step.kind === 'wait') expect(s.context.stopReason).toBe('deadline');
          // Once a turn has ended (cap, deadline, answer), only a new START makes it active again.
          if (!before.matches('active') && s.matches('active')) expect(step.kind === 'event' && step.event.type === 'START').toBe(true);
        }
        actor.stop();
      }),
      { numRuns: 300 },
    );
  });
});
