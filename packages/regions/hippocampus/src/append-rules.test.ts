import type { MemoryEntry, RuleKind } from '@engram/kernel';
import { describe, expect, it } from 'vitest';
import type { PlacedEntry } from './add-entries.js';
import { appendRules } from './append-rules.js';
import { documentEntries, renderDocument } from './memory-document.js';
import { parseMemoryFile } from './parse-memory-file.js';

const rule = (text: string, kind: RuleKind): PlacedEntry => {
  const entry: MemoryEntry = { id: `id-${text}`, text, kind, scope: 'global', confidence: null, topic: null, source: null, section: kind, updatedAt: null };
  return { entry, comment: null };
};

const skeleton = '# Rules\n\n## Always\n- a\n\n## Never\n\n## When\n- w\n';

describe('appendRules', () => {
  it('appends a bare line when the rule belongs to the section in force at the end', () => {
    const doc = parseMemoryFile('rules', 'global', skeleton);
    const { doc: after, appended } = appendRules(doc, [rule('w2', 'when')]);
    expect(appended).toBe('- w2\n');
    expect(renderDocument(after)).toBe(skeleton + appended);
  });

  it('repeats the heading, after a blank line, for another section, and reads the same sections back', () => {
    const doc = parseMemoryFile('rules', 'global', skeleton);
    const { doc: after, appended } = appendRules(doc, [rule('a2', 'always'), rule('a3', 'always'), rule('n1', 'never')]);
    expect(appended).toBe('\n## Always\n- a2\n- a3\n\n## Never\n- n1\n');
    const text = skeleton + appended;
    expect(renderDocument(after)).toBe(text);
    const back = documentEntries(parseMemoryFile('rules', 'global', text)).map((e) => [e.section, e.text]);
    expect(back).toEqual([
      ['always', 'a'],
      ['when', 'w'],
      ['always', 'a2'],
      ['always', 'a3'],
      ['never', 'n1'],
    ]);
    // The document it returns is the one the parser builds from the file.
    expect(documentEntries(after).map((e) => [e.section, e.text])).toEqual(back);
  });

  it('starts on a fresh line when the file (a hand edit, a torn append) does not end with one', () => {
    for (const [text, expected] of [
      ['# Rules\n\n## Always\n- a', '\n- b\n'],
      ['# Rules\n\n## Always\n- a\n## Notes\nsome prose', '\n\n## Always\n- b\n'],
      ['# Rules\n\n## Never\n- torn rule with no comm', '\n\n## Always\n- b\n'],
    ] as const) {
      const { doc, appended } = appendRules(parseMemoryFile('rules', 'global', text), [rule('b', 'always')]);
      expect(appended).toBe(expected);
      expect(renderDocument(doc)).toBe(text + appended);
      expect(documentEntries(parseMemoryFile('rules', 'global', text + appended)).at(-1)).toMatchObject({ text: 'b', section: 'always' });
    }
  });

  it('gives a heading to a file with no heading yet (an entry above it would not be read)', () => {
    const { appended } = appendRules(parseMemoryFile('rules', 'global', ''), [rule('x', 'never')]);
    expect(appended).toBe('## Never\n- x\n');
    const { appended: afterProse } = appendRules(parseMemoryFile('rules', 'global', '# Rules\n'), [rule('x', 'never')]);
    expect(afterProse).toBe('\n## Never\n- x\n');
  });
});
