import { memoryText, openActiveMemory, parseScope, scopesOf } from '@engram/runtime';
import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryShowOptions extends MemoryRootOptions {
  readonly scope?: string;
  readonly json?: boolean;
}

/** `engram memory show`: every stored entry per scope, with ids for `remove` and `edit`, and what could not be read. */
export const runMemoryShow = (options: MemoryShowOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('show', io, async () => {
    const scopes = scopesOf(parseScope(options.scope));
    const m = await openActiveMemory(options);
    const result: Record<string, unknown> = {};
    const shown = [];
    try {
      for (const scope of scopes) {
        const snap = await m.stores[scope].read();
        result[scope] = { dir: m.where(scope), ...snap };
        shown.push({ scope, where: m.where(scope), snap });
      }
    } finally {
      await m.close();
    }
    io.out(options.json === true ? `${JSON.stringify(result)}\n` : memoryText.show(shown));
    return 0;
  });
