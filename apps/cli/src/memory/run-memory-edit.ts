import { draft } from '@engram/events';
import type { EngramScope, MutationResult } from '@engram/kernel';
import { findMemoryEntries, openActiveMemory, type ActiveMemory, type FoundMemoryEntry, MemoryUsageError, parseScope, scopesOf } from '@engram/runtime';
import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';

export interface MemoryEditOptions extends MemoryRootOptions {
  readonly scope?: string;
}

/** Finds the one entry an id or exact text names, in the scopes allowed; ambiguity is a usage error. */
const find = async (m: Pick<ActiveMemory, 'stores'>, scope: EngramScope | undefined, target: string): Promise<FoundMemoryEntry> => {
  const hits = await findMemoryEntries(m.stores, scopesOf(scope), target);
  const [hit] = hits;
  if (hit === undefined) throw new MemoryUsageError({ reason: 'no-match', message: `no entry with id or text ${JSON.stringify(target)} (see engram memory show)` });
  if (hits.length > 1) throw new MemoryUsageError({ reason: 'ambiguous', message: `${hits.length} entries match ${JSON.stringify(target)}; name one by id: ${hits.map((h) => `${h.scope}:${h.entry.id}`).join(', ')}` });
  return hit;
};

const report = (io: MemoryIo, r: MutationResult): number => {
  io.out(`${r.outcome}${r.entry === null ? '' : ` ${r.entry.id}: ${r.entry.text}`}\n`);
  return r.outcome === 'removed' || r.outcome === 'updated' || r.outcome === 'unchanged' ? 0 : 1;
};

/**
 * `engram memory remove ID|TEXT`. A removal is recorded as `hippocampus.engram.removed` in an event
 * log of the entry's scope (the project's or the global events folder; on PostgreSQL the store's
 * event log), because the audit counts
 * what users take out of memory against what engram learned (the false-learning rate).
 */
export const runMemoryRemove = (target: string, options: MemoryEditOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('remove', io, async () => {
    const m = await openActiveMemory(options);
    try {
      const hit = await find(m, parseScope(options.scope), target);
      const result = await m.stores[hit.scope].remove(hit.entry.id);
      if (result.outcome === 'removed') await m.record(hit.scope, [draft('hippocampus.engram.removed', { entryId: hit.entry.id, scope: hit.scope, text: hit.entry.text, by: 'user' })]);
      return report(io, result);
    } finally {
      await m.close();
    }
  });

/** `engram memory edit ID|TEXT NEW_TEXT`: the entry keeps its id; the store scrubs and sanitises the text. */
export const runMemoryEdit = (target: string, text: string, options: MemoryEditOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('edit', io, async () => {
    const m = await openActiveMemory(options);
    try {
      const hit = await find(m, parseScope(options.scope), target);
      return report(io, await m.stores[hit.scope].update(hit.entry.id, text));
    } finally {
      await m.close();
    }
  });
