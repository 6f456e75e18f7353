import { isRuleKind } from '@engram/kernel';
import type { DocLine, MemoryDocument } from './memory-document.js';
import { textLine } from './memory-document.js';

const isBlank = (l: DocLine): boolean => !l.heading && l.item === null && l.raw.trim() === '';

/**
 * A heading exactly as engram writes it (`## Always`). Only these are folded when they repeat:
 * a repeat spelt any other way was typed by a person and stays where it is.
 */
const isEngramHeading = (l: DocLine): boolean => l.heading && l.section !== null && isRuleKind(l.section) && l.raw === `## ${l.section.charAt(0).toUpperCase()}${l.section.slice(1)}`;

/** Engram-spelt headings of Anton's sections (Always, Never, When) that repeat one seen earlier in the file. */
export const countRepeatedHeadings = (doc: MemoryDocument): number => {
  const seen = new Set<string>();
  let repeated = 0;
  for (const l of doc.lines) {
    if (!l.heading || l.section === null || !isRuleKind(l.section)) continue;
    if (!seen.has(l.section)) seen.add(l.section);
    else if (isEngramHeading(l)) repeated++;
  }
  return repeated;
};

/**
 * Folds every repeated `## Always` / `## Never` / `## When` block (see `appendRules`) into the block of
 * its section before it: the repeated heading goes, every non-blank line under it (entries, and any prose
 * someone typed there) moves, in order, to just after the section's last entry before it (where
 * `addRules` would have put it). Each section's entries keep their file order, so every reader
 * sees the same rules in the same order; no non-blank line is lost. Blank lines inside or just
 * before a repeated block are separators and are dropped; a heading that loses its separator
 * gets a blank line back. Unknown sections (`## Notes`) are left as they are, repeats included.
 */
export const groupSections = (doc: MemoryDocument): MemoryDocument => {
  const seen = new Set<string>();
  const kept: DocLine[] = [];
  /** Per section, the index in `kept` of its last heading or entry so far: where a folded block's lines go. */
  const anchor = new Map<string, number>();
  /** Lines to insert after `kept[i]`, in file order. */
  const insertAfter = new Map<number, DocLine[]>();
  let dropping: number | null = null;
  let separatorOwed = false;
  let dropped = 0;
  for (const line of doc.lines) {
    const s = line.section;
    const at = s === null ? undefined : anchor.get(s);
    if (s !== null && seen.has(s) && isEngramHeading(line) && at !== undefined) {
      if (dropping === null) {
        while (kept.length > 0 && isBlank(kept[kept.length - 1] as DocLine)) {
          kept.pop();
          separatorOwed = true;
        }
      }
      dropping = at;
      dropped++;
      continue;
    }
    if (line.heading) {
      if (s !== null && isRuleKind(s)) seen.add(s);
      dropping = null;
      const prev = kept.at(-1);
      if (separatorOwed && prev !== undefined && !isBlank(prev)) kept.push(textLine('', prev.section));
      separatorOwed = false;
    } else if (dropping !== null) {
      if (line.raw.trim() === '') continue;
      const list = insertAfter.get(dropping);
      if (list === undefined) insertAfter.set(dropping, [line]);
      else list.push(line);
      continue;
    }
    kept.push(line);
    if (s !== null && (line.heading || line.item !== null)) anchor.set(s, kept.length - 1);
  }
  if (dropped === 0) return doc;
  const out: DocLine[] = [];
  kept.forEach((line, i) => {
    out.push(line);
    const extra = insertAfter.get(i);
    if (extra !== undefined) out.push(...extra);
  });
  // Only the file's last line may lack a line break.
  return { ...doc, lines: out.map((l, i) => (l.eol === '' && i < out.length - 1 ? { ...l, eol: '\n' } : l)) };
};
