import { RULE_KINDS, type MemoryEntry } from '@engram/kernel';
import { entryLineText } from './entry-line.js';
import type { DocLine, MemoryDocument } from './memory-document.js';
import { textLine } from './memory-document.js';

/** A new entry, ready to be placed: text sanitised, id and metadata settled. */
export interface PlacedEntry {
  readonly entry: MemoryEntry;
  readonly comment: string | null;
}

/** Anton's section order. */
const SECTION_ORDER: readonly string[] = RULE_KINDS;

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

const lineOf = (p: PlacedEntry, section: string | null): DocLine => ({
  raw: entryLineText(p.entry.text, p.comment),
  eol: '\n',
  section,
  heading: false,
  item: p,
  notes: [],
});

/** The lines of a document with a line break after the last one, so something can follow it. */
const terminated = (lines: readonly DocLine[]): DocLine[] => {
  const out = [...lines];
  const last = out.at(-1);
  if (last !== undefined && last.eol === '') out[out.length - 1] = { ...last, eol: '\n' };
  return out;
};

/**
 * Adds rules under their sections: after the section's last entry (or its heading), so prose
 * and other sections stay where they are. A missing section is created before the next of
 * Anton's sections (Always, Never, When) that exists, or at the end.
 */
export const addRules = (doc: MemoryDocument, rules: readonly PlacedEntry[]): MemoryDocument => {
  const bySection = new Map<string, PlacedEntry[]>();
  for (const r of rules) {
    const section = r.entry.section ?? r.entry.kind ?? 'always';
    const list = bySection.get(section);
    if (list === undefined) bySection.set(section, [r]);
    else list.push(r);
  }
  let lines = terminated(doc.lines);
  for (const [section, entries] of bySection) {
    let at = -1;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (l !== undefined && l.section === section && (l.heading || l.item !== null)) at = i;
    }
    const newLines = entries.map((e) => lineOf(e, section));
    if (at >= 0) {
      lines = [...lines.slice(0, at + 1), ...newLines, ...lines.slice(at + 1)];
      continue;
    }
    const heading: DocLine = { raw: `## ${capitalise(section)}`, eol: '\n', section, heading: true, item: null, notes: [] };
    const order = SECTION_ORDER.indexOf(section);
    const next = order < 0 ? -1 : lines.findIndex((l) => l.heading && l.section !== null && SECTION_ORDER.indexOf(l.section) > order);
    if (next >= 0) {
      lines = [...lines.slice(0, next), heading, ...newLines, textLine('', section), ...lines.slice(next)];
    } else {
      const blank = lines.length > 0 && lines.at(-1)?.raw.trim() !== '' ? [textLine('', lines.at(-1)?.section ?? null)] : [];
      lines = [...lines, ...blank, heading, ...newLines];
    }
  }
  return { ...doc, lines };
};

/**
 * Appends entries at the end (lessons.md grows by appends only; profile facts go last). Returns the text to append to
 * the file as it is on disk, which starts with a line break when the file did not end with one.
 */
export const appendEntries = (doc: MemoryDocument, entries: readonly PlacedEntry[]): { doc: MemoryDocument; appended: string } => {
  const needsBreak = doc.lines.at(-1)?.eol === '';
  const newLines = entries.map((e) => lineOf(e, null));
  const appended = (needsBreak ? '\n' : '') + newLines.map((l) => l.raw + l.eol).join('');
  return { doc: { ...doc, lines: [...terminated(doc.lines), ...newLines] }, appended };
};
