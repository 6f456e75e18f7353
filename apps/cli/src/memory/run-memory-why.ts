import type { MemoryEntry } from '@engram/kernel';
import { readLogFile } from '@engram/store';
import { readFileSync } from 'node:fs';
import { eventLogDirs, jsonlFilesIn } from './event-log-files.js';
import { MemoryUsageError, defaultIo, openMemory, runMemoryCommand, type MemoryIo, type MemoryRootOptions } from './open-memory.js';
import { normalizeEntryText, traceProvenance, type Provenance } from './trace-provenance.js';

export interface MemoryWhyOptions extends MemoryRootOptions {
  readonly json?: boolean;
}

interface FoundEntry extends MemoryEntry {
  readonly store: 'global' | 'project';
}

/** The encoding's type is in every line that can match: logs without it are not parsed at all. */
const ENCODED_MARK = '"hippocampus.engram.encoded"';

/**
 * `engram memory why TEXT`: provenance. Finds the entry (by id, exact text, else as a substring)
 * in both stores, then every encoding of its text in the project's and the global event logs,
 * with the chain of causes (proposal, detector or lesson, turn end, model call, cells) as far as
 * the logs hold it. An entry no longer stored is still traced by the text given. Exit 1 when
 * neither memory nor any log knows the text.
 */
export const runMemoryWhy = (query: string, options: MemoryWhyOptions, io: MemoryIo = defaultIo): Promise<number> =>
  runMemoryCommand('why', io, async () => {
    if (query.trim() === '') throw new MemoryUsageError('give the entry text (or its id) to explain');
    const m = openMemory(options);
    const entries: FoundEntry[] = [];
    for (const store of ['global', 'project'] as const) {
      const snap = await m.stores[store].read();
      for (const e of [...snap.rules, ...snap.lessons, ...snap.identities]) entries.push({ ...e, store });
    }
    const q = normalizeEntryText(query);
    const exact = entries.filter((e) => e.id === query.trim() || normalizeEntryText(e.text) === q);
    const matched = exact.length > 0 ? exact : entries.filter((e) => normalizeEntryText(e.text).includes(q));
    const texts = new Set(matched.map((e) => normalizeEntryText(e.text)));
    if (matched.length === 0) texts.add(q);
    const provenance: Provenance[] = [];
    const notes: string[] = [];
    for (const dir of eventLogDirs(m.home, m.project)) {
      for (const file of jsonlFilesIn(dir)) {
        if (!readFileSync(file, 'utf8').includes(ENCODED_MARK)) continue;
        const log = readLogFile(file);
        for (const p of log.problems) notes.push(`${p.file}:${p.line}: ${p.field}: ${p.problem}`);
        provenance.push(...traceProvenance(log.events, file, texts));
      }
    }
    if (options.json === true) io.out(`${JSON.stringify({ query, entries: matched, provenance, notes })}\n`);
    else {
      if (matched.length === 0) io.out(`no stored entry matches ${JSON.stringify(query)}; searching the logs for that text\n`);
      for (const e of matched) io.out(`entry ${e.id} [${e.store} ${e.kind ?? e.section ?? '?'}${e.source === null ? '' : `, source ${e.source}`}${e.updatedAt === null ? '' : `, ${e.updatedAt}`}] ${e.text}\n`);
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
    return matched.length > 0 || provenance.length > 0 ? 0 : 1;
  });
