import type { HookContext } from './hook-context.js';
import { hookOutput, type HookOutput } from './hook-output.js';
import type { SessionStartPayload } from './hook-payload.js';

/** Tools engram has primers for (lessons about running code in a scratchpad apply to Bash too). */
const PRIMER_TOOLS = ['scratchpad'] as const;

/**
 * `SessionStart` (startup, resume, clear, compact): opens the engram session or resumes it, and
 * prints what the model should start with: the memory block (identity, rules, lessons, then the
 * habits the instinct loop promoted) and the tool primers. After a compaction the same block is
 * printed again, since the model's context has lost it. What the block could not read (a linked
 * memory file, which is never followed) is one warning line each, so a missing file says why.
 */
export const sessionStartHook = async (ctx: HookContext, p: SessionStartPayload): Promise<HookOutput | null> => {
  const parts: string[] = [];
  const memory = await ctx.session.memoryContext();
  for (const note of await ctx.session.memoryNotes()) ctx.warn(`note: ${note}`);
  if (memory.trim() !== '') parts.push(`# engram: what this agent learned in earlier sessions\n\n${memory.trim()}`);
  for (const tool of PRIMER_TOOLS) {
    const primer = await ctx.session.toolPrimer(tool);
    if (primer.trim() !== '') parts.push(`## When running code (engram's ${tool} lessons)\n${primer.trim()}`);
  }
  return hookOutput(p.event, parts);
};
