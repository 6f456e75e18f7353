import { MemoryUsageError, defaultIo, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';
import { withActiveBrain as withAuditBrain } from '@engram/runtime';

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
    if (query.trim() === '') throw new MemoryUsageError('give the entry text (or its id) to explain');
    const { entries: matched, provenance, notes, history } = await withAuditBrain(options, (brain) => brain.memory.why(query));
    if (options.json === true) io.out(`${JSON.stringify({ query, entries: matched, provenance, notes, history })}\n`);
    else {
      if (matched.length === 0) io.out(`no stored entry matches ${JSON.stringify(query)}; searching the history and the logs for that text\n`);
      for (const e of matched) io.out(`entry ${e.id} [${e.store} ${e.kind ?? e.section ?? '?'}${e.source === null ? '' : `, source ${e.source}`}${e.updatedAt === null ? '' : `, ${e.updatedAt}`}] ${e.text}\n`);
      if (history.length > 0) {
        io.out('\ncorrections (oldest first):\n');
        for (const h of history)
          io.out(`  ${h.id} [${h.scope} ${h.kind ?? '?'}] ${h.text}\n    superseded by ${h.supersededBy ?? '(nothing stored)'} at ${h.supersededAt} (${h.reason}${h.note === '' ? '' : `: ${h.note}`})\n`);
      }
      if (provenance.length === 0) io.out('no encoding of it in the event logs (written by hand, imported, or its log was pruned)\n');
      for (const p of provenance) {
        io.out(`\nsession ${p.sessionId}, turn ${p.turn}  (${p.log})\n`);
        if (p.userMessage !== null) io.out(`  user: ${p.userMessage.replace(/\s+/g, ' ')}\n`);
        p.chain.forEach((s, i) => io.out(`  ${i === 0 ? '  ' : '<-'} #${s.seq} ${s.type}${s.summary === '' ? '' : `  ${s.summary}`}\n`));
        if (p.missingCause !== null) io.out(`  <- ${p.missingCause} (not in this log)\n`);
        for (const s of p.evidence) io.out(`     evidence #${s.seq} ${s.type}  ${s.summary}\n`);
      }
      for (const n of notes) io.err(`note: ${n}\n`);
    }
    return matched.length > 0 || provenance.length > 0 || history.length > 0 ? 0 : 1;
  });
