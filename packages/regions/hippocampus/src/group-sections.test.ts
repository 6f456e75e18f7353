import { describe, expect, it } from 'vitest';
import { countRepeatedHeadings, groupSections } from './group-sections.js';
import { documentEntries, renderDocument } from './memory-document.js';
import { parseMemoryFile } from './parse-memory-file.js';

const grouped = (text: string): string => renderDocument(groupSections(parseMemoryFile('rules', 'global', text)));

describe('groupSections', () => {
  it("folds repeated headings back into Anton's layout, keeping each section's order", () => {
    const text = '# Rules\n\n## Always\n- a1\n\n## Never\n- n1\n\n## When\n- w1\n\n## Always\n- a2\n\n## Never\n- n2\n- n3\n\n## Always\n- a3\n';
    expect(countRepeatedHeadings(parseMemoryFile('rules', 'global', text))).toBe(3);
    const out = grouped(text);
    expect(out).toBe('# Rules\n\n## Always\n- a1\n- a2\n- a3\n\n## Never\n- n1\n- n2\n- n3\n\n## When\n- w1\n');
    expect(countRepeatedHeadings(parseMemoryFile('rules', 'global', out))).toBe(0);
  });

  it('keeps every non-blank line: prose under a repeated heading moves with its entries; unknown sections stay put', () => {
    const text = '# Rules\nabove\n\n## Always\n- a1\nprose after a1\n\n## Notes\nmine\n\n## Notes\nmine too\n\n## Always\nhand note\n- a2 <!-- scope:x -->';
    const out = grouped(text);
    expect(out).toBe('# Rules\nabove\n\n## Always\n- a1\nhand note\n- a2 <!-- scope:x -->\nprose after a1\n\n## Notes\nmine\n\n## Notes\nmine too\n');
    const before = parseMemoryFile('rules', 'global', text);
    const after = parseMemoryFile('rules', 'global', out);
    expect(documentEntries(after)).toEqual(documentEntries(before));
  });

  it('folds a block into the part of its section before it, so a hand-spelt repeat after it keeps its place', () => {
    expect(grouped('## Always\n- a\n\n## Always\n- b\n\n## ALWAYS\n- c\n\n## Always\n- d\n')).toBe('## Always\n- a\n- b\n\n## ALWAYS\n- c\n- d\n');
  });

  it('returns the same document when nothing repeats', () => {
    const doc = parseMemoryFile('rules', 'global', '# Rules\n\n## Always\n- a\n\n\n## Never\n');
    expect(groupSections(doc)).toBe(doc);
  });
});
