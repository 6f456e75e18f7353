import type { SnapshotFrom } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { turnMachine, type TurnEvent } from './turn-machine.js';

/** Every event the machine reacts to, with representative payloads for each guard branch. */
const EVENTS: TurnEvent[] = [
  { type: 'START', message: 'm' },
  { type: 'CONTEXT_READY' },
  { type: 'LLM_ANSWERED', text: 'a', toolCalls: 0 },
  { type: 'LLM_ANSWERED', text: '', toolCalls: 1 },
  { type: 'TOOLS_DONE' },
  { type: 'FAILED', reason: 'llm', error: 'e' },
  { type: 'CANCEL', reason: 'c' },
  { type: 'LEARNING_SETTLED', pending: 0 },
  { type: 'LEARNING_SETTLED', pending: 1 },
  { type: 'CONFIRMED' },
];

const stateKey = (value: unknown) => JSON.stringify(value);

describe('turn machine path coverage', () => {
  it('reaches every resting state and every transition target through simple paths', () => {
    const paths = getSimplePaths(turnMachine, {
      events: EVENTS,
      input: { roundCap: 2, memoryMode: 'copilot', turnTimeoutMs: 60_000 },
      serializeState: (s: SnapshotFrom<typeof turnMachine>) => `${stateKey(s.value)}|${s.context.round}|${s.context.stopReason}|${s.context.failure?.reason}|${s.context.cancelled}`,
    });
    const reached = new Set(paths.map((p) => stateKey(p.state.value)));
    expect([...reached].sort()).toEqual(
      ['"confirming"', '"idle"', '"reflecting"', '{"active":"acting"}', '{"active":"assembling"}', '{"active":"thinking"}'].sort(),
    );
    // The round cap is reachable: some path ends reflecting with stopReason round_cap.
    expect(paths.some((p) => p.state.value === 'reflecting' && p.state.context.stopReason === 'round_cap')).toBe(true);
    expect(paths.some((p) => p.state.value === 'reflecting' && p.state.context.stopReason === 'end_turn')).toBe(true);
    // Failure and cancellation paths return to idle with the reason recorded.
    expect(paths.some((p) => p.state.value === 'idle' && p.state.context.failure?.reason === 'llm')).toBe(true);
    expect(paths.some((p) => p.state.value === 'idle' && p.state.context.cancelled === 'c')).toBe(true);
  });
});
