import { ensureTurn, type HookContext } from './hook-context.js';
import { hookOutput, type HookOutput } from './hook-output.js';
import type { PreToolPayload } from './hook-payload.js';
import { chainFor, preCallFallback } from './fallback-plan.js';

/**
 * `PreToolUse`: reports the call, then asks the session before it runs (`preCall`: the per-turn
 * circuit breaker, then the rules, lessons and recovery recipes relevant to this call). Blocked
 * (the same failure too many times this turn): the call is denied and the explanation is what the
 * model reads. Warned: the call goes ahead through Claude Code's normal permission flow and the
 * model reads the warning; engram never answers "allow", which would skip the user's permission
 * prompt. The advice, if any, is put in front of the model before the call. When the project's
 * fallback chain for the tool found a step that works on this kind of target earlier in the
 * session, the call is made with that step (`updatedInput`) and the model is told.
 */
export const preToolUseHook = async (ctx: HookContext, p: PreToolPayload): Promise<HookOutput | null> => {
  ensureTurn(ctx);
  const chain = chainFor(ctx.fallbacks(), p.toolName, p.toolInput);
  const applied = chain === null ? null : preCallFallback(chain, p.toolInput, ctx.events);
  const input = applied?.input ?? p.toolInput;
  const id = ctx.session.toolCalled({ ...(p.toolUseId === undefined ? {} : { id: p.toolUseId }), name: p.toolName, input });
  const { verdict, advice } = await ctx.session.preCall(id, p.toolName, input);
  if (verdict.action === 'block') return hookOutput(p.event, [], { permissionDecision: 'deny', permissionDecisionReason: `engram: ${verdict.explanation}` });
  const parts: string[] = [];
  if (verdict.action === 'warn') parts.push(`engram: ${verdict.explanation}`);
  if (applied !== null) parts.push(`engram: this ${p.toolName} call uses fallback step "${applied.step.name}" of the project's chain (it worked on this kind of target earlier in the session); its input was changed by ${JSON.stringify(applied.step.patch)}.`);
  parts.push(advice);
  return hookOutput(p.event, parts, applied === null ? {} : { updatedInput: applied.input });
};
