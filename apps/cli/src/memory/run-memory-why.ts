import { defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';
import { memoryText, withActiveBrain as withAuditBrain, MemoryUsageError } from '@engram/runtime';

export interface MemoryWhyOptions extends MemoryRootOptions {
  readonly json?: boolean;
}

/**
 * `engram memory why TEXT`: provenance. Finds the entry (by id, exact text, else as a substring)
 * in both stores, then every encoding of its text in the project's and the global event logs (or
 * the active store's logs, `--store`),
 * with the chain of causes (proposal, detector or lesson, turn end, model call, cells) as far as
 * the logs hold it. An entry no longer stored is still traced by the text given. Exit 1 when
 * neither memory nor any log knows the text.
 */
export const runMemoryWhy = (query: string, options: MemoryWhyOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('why', io, async () => {
    if (query.trim() === '') throw new MemoryUsageError({ reason: 'missing', message: 'give the entry text (or its id) to explain' });
    const { entries: matched, provenance, notes, history } = await withAuditBrain(options, (brain) => brain.memory.why(query));
    if (options.json === true) io.out(`${JSON.stringify({ query, entries: matched, provenance, notes, history })}\n`);
    else {
      io.out(memoryText.why(query, { entries: matched, provenance, history }));
      for (const n of notes) io.err(`note: ${n}\n`);
    }
    return matched.length > 0 || provenance.length > 0 || history.length > 0 ? 0 : 1;
  });
