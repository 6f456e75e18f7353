import { isObject } from './payload-fields.js';
import { ensureTurn, type HookContext } from './hook-context.js';
import { hookOutput, type HookOutput } from './hook-output.js';
import type { PostToolPayload } from './hook-payload.js';
import { chainFor, postCallFallback } from './fallback-plan.js';
import { recordedCalls } from './recorded-calls.js';
import { toolOutcome } from './tool-outcome.js';

/**
 * `PostToolUse` and `PostToolUseFailure`: records the result (ok or not, output or error, cut to
 * a bounded size) and ends the round: one Claude tool call is one engram round, so the ACC's
 * mid-turn self-checks reach the model right after the call that triggered them. A call the
 * breaker blocked never ran and a result already recorded is not recorded twice. For a tool with
 * a fallback chain, a failure tells the model the next step's exact input, and the end of a run
 * is recorded as `executive.fallback.resolved`.
 */
export const postToolUseHook = (ctx: HookContext, p: PostToolPayload): Promise<HookOutput | null> => {
  const recorded = recordedCalls(ctx.events);
  const known = p.toolUseId ?? recorded.openCall(p.toolName);
  if (known !== null && (recorded.resulted.has(known) || recorded.blocked.has(known))) return Promise.resolve(null);
  ensureTurn(ctx);
  const call = known === null ? undefined : recorded.calls.get(known);
  // No PreToolUse report for this call (a narrower matcher, or hooks installed mid-call): report it now.
  const id = call === undefined ? ctx.session.toolCalled({ ...(known === null ? {} : { id: known }), name: p.toolName, input: p.toolInput }) : (known as string);
  const outcome = toolOutcome(p);
  const durationMs = call === undefined ? 0 : Math.max(0, Math.round(ctx.now - call.at));
  ctx.session.toolResulted({ id, name: p.toolName, ok: outcome.ok, output: outcome.output, error: outcome.error, durationMs });
  const parts: string[] = [];
  const chain = chainFor(ctx.fallbacks(), p.toolName, p.toolInput);
  if (chain !== null) {
    const ranWith = call !== undefined && isObject(call.input) ? call.input : p.toolInput;
    const plan = postCallFallback(chain, p.toolInput, outcome, ctx.events, ranWith);
    if (plan !== null) {
      if (plan.resolved !== null) ctx.session.recordFallback(plan.resolved);
      parts.push(plan.advice);
    }
  }
  for (const n of ctx.session.endRound()) parts.push(n.text);
  return Promise.resolve(hookOutput(p.event, parts));
};
