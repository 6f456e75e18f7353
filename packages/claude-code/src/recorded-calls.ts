import type { AnyEnvelope } from '@engram/events';

interface RecordedCall {
  readonly name: string;
  readonly input: unknown;
  /** When the call was reported (epoch ms), for the result's duration. */
  readonly at: number;
}

export interface RecordedCalls {
  readonly calls: ReadonlyMap<string, RecordedCall>;
  /** Calls whose result is already recorded. */
  readonly resulted: ReadonlySet<string>;
  /** Calls the circuit breaker blocked: they never ran. */
  readonly blocked: ReadonlySet<string>;
  /** The newest call of a tool that has no result yet, for hosts that send no tool_use id. */
  openCall(name: string): string | null;
}

/** The tool calls a session's log holds, by tool_use id. */
export const recordedCalls = (events: readonly AnyEnvelope[]): RecordedCalls => {
  const calls = new Map<string, RecordedCall>();
  const resulted = new Set<string>();
  const blocked = new Set<string>();
  for (const e of events) {
    if (e.type === 'executive.tool.called') calls.set(e.data.toolUseId, { name: e.data.name, input: e.data.input, at: Date.parse(e.at) });
    else if (e.type === 'executive.tool.resulted') resulted.add(e.data.toolUseId);
    else if (e.type === 'executive.tool.guarded' && e.data.action === 'blocked') blocked.add(e.data.toolUseId);
  }
  return {
    calls,
    resulted,
    blocked,
    openCall: (name) => [...calls].reverse().find(([id, c]) => c.name === name && !resulted.has(id) && !blocked.has(id))?.[0] ?? null,
  };
};
