import { describeDiagnostic, type MemoryEntry } from '@engram/kernel';
import { openActiveMemory } from '@engram/runtime';
import { defaultIo, parseScope, runMemoryCommand, scopesOf, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryShowOptions extends MemoryRootOptions {
  readonly scope?: string;
  readonly json?: boolean;
}

const line = (e: MemoryEntry): string => `  ${e.id}  ${(e.kind ?? e.section ?? '?').padEnd(7)} ${e.text}`;

/** `engram memory show`: every stored entry per scope, with ids for `remove` and `edit`, and what could not be read. */
export const runMemoryShow = (options: MemoryShowOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('show', io, async () => {
    const scope = parseScope(options.scope);
    const m = await openActiveMemory(options);
    const result: Record<string, unknown> = {};
    const text: string[] = [];
    try {
      for (const s of scopesOf(scope)) {
        const snap = await m.stores[s].read();
        result[s] = { dir: m.where(s), ...snap };
        text.push(`${s} (${m.where(s)})`);
        for (const [title, list] of [['rules', snap.rules], ['lessons', snap.lessons], ['profile', snap.identities]] as const) {
          text.push(` ${title}: ${list.length}`);
          for (const e of list) text.push(line(e));
        }
        for (const d of snap.diagnostics) text.push(` note: ${describeDiagnostic(d)}`);
      }
    } finally {
      await m.close();
    }
    io.out(options.json === true ? `${JSON.stringify(result)}\n` : `${text.join('\n')}\n`);
    return 0;
  });
