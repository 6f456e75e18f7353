import { isRuleKind, scrubSecrets, type EngramScope, type MemoryEntry } from '@engram/kernel';
import { derivedEntryId } from './entry-id.js';
import type { DocLine, LineNote, MemoryDocument, MemoryFileKind } from './memory-document.js';
import { textLine } from './memory-document.js';
import { readMetadata } from './read-metadata.js';
import { splitLines } from './split-lines.js';
import { splitMetadata } from './split-metadata.js';

const ENTRY_MARK = '- ';
const SECTION_MARK = '## ';

/**
 * Parses a memory file as Anton reads it (anton.md §6.4), without ever losing a line: what is
 * not an entry is kept as text and written back verbatim. Never throws; anything odd becomes
 * a note on its line. Secrets a hand edit put in the file are scrubbed on the way in, so they
 * reach no prompt and disappear at the next rewrite.
 */
export const parseMemoryFile = (file: MemoryFileKind, scope: EngramScope, text: string): MemoryDocument => {
  const lines: DocLine[] = [];
  const seenIds = new Set<string>();
  const occurrences = new Map<string, number>();
  let section: string | null = null;

  const entryLine = (raw: string, eol: string, body: string, comment: string | null, notes: LineNote[], kindOf: string): DocLine => {
    const meta = comment === null ? null : readMetadata(comment);
    if (meta !== null) notes.push(...meta.notes);
    const kind = file === 'rules' ? (section !== null && isRuleKind(section) ? section : null) : file === 'lessons' ? 'lesson' : 'profile';
    if (file === 'rules' && meta?.meta.kind != null && meta.meta.kind !== section) {
      notes.push({ field: 'kind', message: `kind:${meta.meta.kind} conflicts with the section it is under (${section ?? 'none'}); the section counts` });
    }
    const key = `${kindOf}\u0000${body}`;
    const occurrence = occurrences.get(key) ?? 0;
    occurrences.set(key, occurrence + 1);
    let id = meta?.meta.id ?? null;
    if (id !== null && seenIds.has(id)) {
      notes.push({ field: 'id', message: `id ${id} is used by an earlier entry; this one gets a derived id` });
      id = null;
    }
    id ??= derivedEntryId(scope, kindOf, body, occurrence);
    seenIds.add(id);
    const entry: MemoryEntry = {
      id,
      text: body,
      kind,
      scope,
      confidence: meta?.meta.confidence ?? null,
      topic: meta?.meta.topic ?? null,
      source: meta?.meta.source ?? null,
      section: file === 'rules' ? section : null,
      updatedAt: meta?.meta.updatedAt ?? null,
      ...(meta?.meta.trust == null ? {} : { trust: meta.meta.trust }),
    };
    return { raw, eol, section, heading: false, item: { entry, comment }, notes };
  };

  for (const { text: original, eol } of splitLines(text)) {
    const raw = scrubSecrets(original);
    const notes: LineNote[] = raw === original ? [] : [{ field: 'text', message: 'a secret was redacted; the file loses it at the next rewrite' }];
    const trimmed = raw.trim();

    if (file === 'profile') {
      if (trimmed === '' || trimmed.startsWith('#')) {
        lines.push(textLine(raw, null, notes, eol));
        continue;
      }
      const fact = trimmed.startsWith(ENTRY_MARK) ? trimmed.slice(ENTRY_MARK.length).trim() : trimmed;
      lines.push(fact === '' ? textLine(raw, null, notes, eol) : entryLine(raw, eol, fact, null, notes, 'profile'));
      continue;
    }

    if (file === 'rules' && trimmed.startsWith(SECTION_MARK)) {
      section = trimmed.slice(SECTION_MARK.length).trim().toLowerCase();
      lines.push({ raw, eol, section, heading: true, item: null, notes });
      continue;
    }

    const isEntry = file === 'rules' ? trimmed.startsWith(ENTRY_MARK) : trimmed !== '' && (raw.startsWith(ENTRY_MARK) || raw.startsWith('  '));
    if (!isEntry) {
      lines.push(textLine(raw, section, notes, eol));
      continue;
    }
    if (file === 'rules' && section === null) {
      notes.push({ field: null, message: 'an entry above the first "## " heading is not read as a rule; it is kept as is' });
      lines.push(textLine(raw, section, notes, eol));
      continue;
    }

    const split = splitMetadata(file === 'rules' ? trimmed.slice(ENTRY_MARK.length) : trimmed);
    if (split.refused) notes.push({ field: 'metadata', message: 'the metadata comment holds ">" and cannot be read; it stays part of the text' });
    const body = file === 'lessons' && split.body.startsWith(ENTRY_MARK) ? split.body.slice(ENTRY_MARK.length).trim() : split.body;
    if (body === '') {
      notes.push({ field: 'text', message: 'an entry with no text is kept in the file and not read' });
      lines.push(textLine(raw, section, notes, eol));
      continue;
    }
    lines.push(entryLine(raw, eol, body, split.comment, notes, file === 'rules' ? (section ?? '') : 'lesson'));
  }
  return { file, scope, lines };
};
