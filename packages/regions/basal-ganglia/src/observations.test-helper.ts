import type { Observation } from './observation.js';

/** A scripted call for unit tests: a tool name (succeeds) or `[name, ok]`. */
export type Call = string | readonly [string, boolean];

export interface SessionOptions {
  readonly start?: number;
  readonly stepMs?: number;
  readonly injected?: readonly string[];
}

/** Observations of one scripted session, as `projectObservations` would produce them. */
export const observeSession = (sessionId: string, calls: readonly Call[], o: SessionOptions = {}): Observation[] => {
  const tools = calls.map((c) => (typeof c === 'string' ? c : c[0]));
  return calls.map((c, i) => ({
    sessionId,
    index: i,
    tool: tools[i] ?? '',
    ok: typeof c === 'string' ? true : c[1],
    durationMs: 10,
    prev: tools[i - 1] ?? null,
    prev2: tools[i - 2] ?? null,
    at: (o.start ?? 0) + i * (o.stepMs ?? 1000),
    injected: o.injected ?? [],
  }));
};
