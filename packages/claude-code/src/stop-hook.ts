import type { HookContext } from './hook-context.js';
import type { HookOutput } from './hook-output.js';
import type { StopPayload } from './hook-payload.js';

/**
 * `Stop`: Claude finished its answer, so the turn ends with it and end-of-turn learning runs
 * (ACC lessons, the cerebellum's classifier, memory writes) before the hook returns. Prints
 * nothing: a Stop hook's output could keep Claude going, and engram never does that.
 */
export const stopHook = async (ctx: HookContext, p: StopPayload): Promise<HookOutput | null> => {
  if (!ctx.inTurn) return null;
  ctx.session.endTurn(p.lastAssistantMessage);
  await ctx.session.settled();
  return null;
};
