import type { DocLine, MemoryDocument } from './memory-document.js';
import { textLine } from './memory-document.js';
import type { PlacedEntry } from './add-entries.js';
import { entryLineText } from './entry-line.js';

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Adds rules at the end of rules.md without touching a byte already there, so the write can be
 * an append instead of a rewrite. A rule whose section is the one in force at the end of the
 * file is a bare entry line; otherwise a blank line and the section's heading (`## Always`)
 * come first. Anton's reader (anton.md §6.4) and engram's parser file every `- ` line under the
 * heading that precedes it, and both list rules grouped by section in file order, so a repeated
 * heading reads exactly as the rule placed in the section's first block would. The text to
 * append starts with a line break when the file did not end with one (a torn last line stays
 * the short line it is; the new lines start after it).
 */
export const appendRules = (doc: MemoryDocument, rules: readonly PlacedEntry[]): { doc: MemoryDocument; appended: string } => {
  const last = doc.lines.at(-1);
  const needsBreak = last?.eol === '';
  let section = last?.section ?? null;
  let afterBlank = last === undefined || last.raw.trim() === '';
  const added: DocLine[] = [];
  for (const r of rules) {
    const s = r.entry.section ?? r.entry.kind ?? 'always';
    if (s !== section) {
      if (!afterBlank) added.push(textLine('', section));
      added.push({ raw: `## ${capitalise(s)}`, eol: '\n', section: s, heading: true, item: null, notes: [] });
      section = s;
    }
    added.push({ raw: entryLineText(r.entry.text, r.comment), eol: '\n', section: s, heading: false, item: r, notes: [] });
    afterBlank = false;
  }
  const kept = needsBreak && last !== undefined ? [...doc.lines.slice(0, -1), { ...last, eol: '\n' }] : doc.lines;
  const appended = (needsBreak ? '\n' : '') + added.map((l) => l.raw + l.eol).join('');
  return { doc: { ...doc, lines: [...kept, ...added] }, appended };
};
