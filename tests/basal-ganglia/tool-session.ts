import type { AnyEnvelope } from '@engram/events';
import { buildEvent } from '@engram/events/testing';

/** A call in a scripted session: a tool name (succeeds) or `[name, ok]`. */
export type ScriptedCall = string | readonly [string, boolean];

export interface ToolSessionOptions {
  readonly sessionId: string;
  /** Time of the first call; calls are one minute apart. */
  readonly start: number;
  /** Item ids cortex injected before the first call (`cortex.context.injected`). */
  readonly injected?: readonly string[];
}

const MINUTE = 60_000;

/**
 * Real envelopes for a scripted session: started, an optional injection, one
 * `executive.tool.called` + `executive.tool.resulted` pair per call, ended. Seqs are consecutive.
 */
export const toolSession = (calls: readonly ScriptedCall[], o: ToolSessionOptions): AnyEnvelope[] => {
  const out: AnyEnvelope[] = [];
  let seq = 0;
  const meta = (at: number) => ({ seq: ++seq, id: `${o.sessionId}-${seq}`, sessionId: o.sessionId, at: new Date(at).toISOString() });
  out.push(buildEvent('executive.session.started', {}, meta(o.start - MINUTE)));
  if (o.injected !== undefined && o.injected.length > 0) {
    const items = o.injected.map((id) => ({ id, kind: 'instinct', text: id, why: 'promoted instinct' }));
    out.push(buildEvent('cortex.context.injected', { target: 'system-prompt', tool: null, items, tokens: 10 }, meta(o.start - MINUTE)));
  }
  calls.forEach((call, i) => {
    const [name, ok] = typeof call === 'string' ? [call, true] : call;
    const at = o.start + i * MINUTE;
    const toolUseId = `${o.sessionId}-t${i}`;
    out.push(buildEvent('executive.tool.called', { toolUseId, name, input: {}, argsSummary: '' }, meta(at)));
    out.push(buildEvent('executive.tool.resulted', { toolUseId, name, ok, error: ok ? '' : 'failed', output: '', durationMs: 50 }, meta(at)));
  });
  out.push(buildEvent('executive.session.ended', { reason: 'closed' }, meta(o.start + calls.length * MINUTE)));
  return out;
};

/** `times` repetitions of a chain, back to back. */
export const repeat = (chain: readonly string[], times: number): string[] => Array.from({ length: times }, () => chain).flat();
