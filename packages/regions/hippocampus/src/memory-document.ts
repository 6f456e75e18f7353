import type { EngramScope, MemoryEntry } from '@engram/kernel';

export type MemoryFileKind = 'rules' | 'lessons' | 'profile';

export const MEMORY_FILE_NAMES: { readonly [K in MemoryFileKind]: string } = {
  rules: 'rules.md',
  lessons: 'lessons.md',
  profile: 'profile.md',
};

/** Something about one line that a reader should know (unreadable metadata, a conflicting key ...). */
export interface LineNote {
  readonly field: string | null;
  readonly message: string;
}

/** An entry and the metadata comment it carries, kept verbatim so unknown keys are written back. */
export interface DocEntry {
  readonly entry: MemoryEntry;
  readonly comment: string | null;
}

/**
 * One line of a memory file. `raw` is written back as is, so anything the parser does not
 * understand (prose, unknown headings, entries above the first heading) survives every rewrite.
 */
export interface DocLine {
  readonly raw: string;
  readonly eol: string;
  /** rules.md: the section in force at this line (a heading line carries the section it opens). */
  readonly section: string | null;
  readonly heading: boolean;
  readonly item: DocEntry | null;
  readonly notes: readonly LineNote[];
}

/** A parsed memory file: every line, in order. Immutable; edits return a new document. */
export interface MemoryDocument {
  readonly file: MemoryFileKind;
  readonly scope: EngramScope;
  readonly lines: readonly DocLine[];
}

export const textLine = (raw: string, section: string | null, notes: readonly LineNote[] = [], eol = '\n'): DocLine => ({
  raw,
  eol,
  section,
  heading: false,
  item: null,
  notes,
});

/** Entries of a document in file order. */
export const documentEntries = (doc: MemoryDocument): MemoryEntry[] => {
  const out: MemoryEntry[] = [];
  for (const line of doc.lines) if (line.item !== null) out.push(line.item.entry);
  return out;
};

/** The file's text: every line and its break, byte for byte. */
export const renderDocument = (doc: MemoryDocument): string => {
  let out = '';
  for (const line of doc.lines) out += line.raw + line.eol;
  return out;
};
