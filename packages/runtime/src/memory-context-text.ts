import type { MemoryContext, ScratchpadPrimer } from '@engram/cortex';

/** `memory context`: the memory block the next system prompt gets, then the scratchpad primer (a file of its own, as `memoryShowText`). */
export const memoryContextText = (context: MemoryContext, primer: ScratchpadPrimer): string =>
  `--- system prompt memory block (${context.injection.tokens} tokens) ---${context.text === '' ? '\n(empty)\n' : `${context.text}\n`}--- scratchpad primer (${primer.tokens} tokens) ---${primer.suffix === '' ? '\n(empty)\n' : `${primer.suffix}\n`}`;

/** `memory context --json`: the block, the primer, each section's tokens against its budget, and what each injected. */
export const memoryContextJson = (context: MemoryContext, primer: ScratchpadPrimer): string =>
  `${JSON.stringify({ context: context.text, primer: primer.suffix, sections: context.sections.map(({ key, tokens, budget, omitted }) => ({ key, tokens, budget, omitted })), injected: [context.injection, primer.injection] })}\n`;
