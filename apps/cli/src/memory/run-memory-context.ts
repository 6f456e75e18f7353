import { memoryContextJson, memoryText, openFileMemory } from '@engram/runtime';
import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryContextOptions extends MemoryRootOptions {
  readonly message?: string;
  readonly json?: boolean;
}

/**
 * `engram memory context`: prints exactly the memory block the next system prompt gets (the
 * same function the runtime calls), then the scratchpad primer as appended to the tool
 * description. `--json` adds what was injected and the token counts. What could not be read (a
 * linked memory file, which is never followed; a bad line) is named on stderr, so a block that
 * is missing a file says why.
 */
export const runMemoryContext = (options: MemoryContextOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('context', io, async () => {
    const { cortex } = openFileMemory(options, process.env);
    const context = await cortex.memoryContext(options.message ?? '');
    const primer = await cortex.scratchpadPrimer();
    for (const note of await cortex.memoryNotes()) io.err(`engram memory context: note: ${note}\n`);
    if (options.json === true) {
      io.out(memoryContextJson(context, primer));
      return 0;
    }
    io.out(memoryText.context(context, primer));
    return 0;
  });
