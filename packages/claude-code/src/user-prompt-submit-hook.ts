import type { HookContext } from './hook-context.js';
import { hookOutput, type HookOutput } from './hook-output.js';
import type { UserPromptPayload } from './hook-payload.js';
import { memoryChangedSince } from './effects/memory-changed-since.js';

/** When the memory block was last put in front of the model in this session (epoch ms), or null. */
const lastShown = (ctx: HookContext): number | null => {
  for (let i = ctx.events.length - 1; i >= 0; i--) {
    const e = ctx.events[i];
    if (e?.type === 'cortex.context.injected' && e.data.target === 'system-prompt' && e.data.tool === null) return Date.parse(e.at);
  }
  return null;
};

/**
 * `UserPromptSubmit`: starts a turn with the prompt (a turn still open, e.g. after an interrupted
 * answer, is cancelled first and nothing is learned from it). The memory block is printed again,
 * ranked for this prompt, only when memory (or the promoted habits) changed since it was last
 * shown in the session (the previous turn taught something) or was never shown; otherwise nothing is printed, so an
 * unchanged block is not repeated on every prompt.
 */
export const userPromptSubmitHook = async (ctx: HookContext, p: UserPromptPayload): Promise<HookOutput | null> => {
  ctx.session.startTurn(p.prompt);
  const shown = lastShown(ctx);
  const sources = [ctx.paths.globalMemoryDir, ctx.paths.projectMemoryDir, ctx.paths.projectInstinctsDir, ctx.paths.globalInstinctsDir];
  if (shown !== null && !memoryChangedSince(sources, shown)) return null;
  const memory = await ctx.session.memoryContext(p.prompt);
  return hookOutput(p.event, memory.trim() === '' ? [] : [`# engram: what this agent learned in earlier sessions\n\n${memory.trim()}`]);
};
