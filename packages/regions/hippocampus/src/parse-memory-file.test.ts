import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentEntries, renderDocument } from './memory-document.js';
import { parseMemoryFile } from './parse-memory-file.js';

const fixtures = join(import.meta.dirname, '../../../../tests/fixtures/hippocampus');
const read = (dir: string, name: string) => readFileSync(join(fixtures, dir, name), 'utf8');

describe('parseMemoryFile on files Anton wrote', () => {
  it('reads rules with their sections and metadata; None means none', () => {
    const doc = parseMemoryFile('rules', 'global', read('anton-global', 'rules.md'));
    const rules = documentEntries(doc);
    expect(rules.map((r) => [r.kind, r.confidence, r.source, r.updatedAt])).toEqual([
      ['always', 'high', 'consolidation', '2026-02-27'],
      ['always', 'medium', 'llm', '2026-03-01'],
      ['never', 'high', 'consolidation', '2026-02-28'],
      ['when', null, null, '2026-03-02'],
    ]);
    expect(doc.lines.flatMap((l) => l.notes)).toEqual([]);
  });

  it('reads lessons in both of Anton formats and the profile', () => {
    const lessons = documentEntries(parseMemoryFile('lessons', 'global', read('anton-global', 'lessons.md')));
    expect(lessons.map((l) => l.topic)).toEqual(['api-coingecko', null, 'scratchpad', 'api-billing']);
    expect(lessons[3]).toMatchObject({ confidence: 'medium', source: 'llm', text: 'The billing API paginates with a cursor, not pages' });
    const facts = documentEntries(parseMemoryFile('profile', 'global', read('anton-global', 'profile.md')));
    expect(facts.map((f) => f.text)).toEqual(['Name: Ada', 'Prefers concise answers', 'Works in Europe/Berlin time zone']);
  });

  it('gives every entry a distinct id, and the same text in another kind or scope another id', () => {
    const g = documentEntries(parseMemoryFile('rules', 'global', '## Always\n- x\n- x\n## Never\n- x\n'));
    const p = documentEntries(parseMemoryFile('rules', 'project', '## Always\n- x\n'));
    expect(new Set([...g, ...p].map((e) => e.id)).size).toBe(4);
  });
});

describe('parseMemoryFile on hand edits', () => {
  const text = read('hand-edited', 'rules.md');
  const doc = parseMemoryFile('rules', 'project', text);
  const notes = doc.lines.flatMap((l, i) => l.notes.map((n) => ({ line: i + 1, ...n })));

  it('keeps every byte', () => {
    expect(renderDocument(doc)).toBe(text);
    const lessons = read('hand-edited', 'lessons.md');
    expect(renderDocument(parseMemoryFile('lessons', 'project', lessons))).toBe(lessons);
  });

  it('reads what it can and notes the rest with line and field, never throwing', () => {
    const rules = documentEntries(doc);
    expect(rules.map((r) => [r.section, r.kind, r.text])).toEqual([
      ['always', 'always', 'Pin package versions'],
      ['always', 'always', 'Quote paths with spaces <!-- note: a>b ts:2026-02-02 -->'],
      ['always', 'always', 'Prefer UTC'],
      ['notes', null, 'A hand-made section Anton drops on rewrite'],
      ['never', 'never', 'Commit secrets'],
    ]);
    expect(rules[2]).toMatchObject({ confidence: 'low', updatedAt: null });
    expect(notes).toEqual([
      { line: 2, field: null, message: expect.stringContaining('above the first') as string },
      { line: 6, field: 'kind', message: expect.stringContaining('kind:never conflicts') as string },
      { line: 7, field: 'metadata', message: expect.stringContaining('">"') as string },
      { line: 8, field: 'confidence', message: expect.stringContaining('given twice') as string },
      { line: 8, field: 'ts', message: expect.stringContaining('2026-13-45') as string },
    ]);
  });

  it('reads lessons as Anton does: indented lines are entries, star bullets and prose are not', () => {
    const lessons = documentEntries(parseMemoryFile('lessons', 'project', read('hand-edited', 'lessons.md')));
    expect(lessons.map((l) => l.text)).toEqual(['First lesson', 'continuation line read as its own entry', 'Last lesson without newline']);
  });

  it('reads profile facts from free lines and skips headings', () => {
    const facts = documentEntries(parseMemoryFile('profile', 'global', read('hand-edited', 'profile.md')));
    expect(facts.map((f) => f.text)).toEqual(['free line fact', 'Name : Old Name']);
  });

  it('redacts a secret a hand edit put in the file', () => {
    const d = parseMemoryFile('lessons', 'global', '# Lessons\n- use password=hunter2 here\n');
    expect(documentEntries(d)[0]?.text).toBe('use password=[REDACTED:secret] here');
    expect(renderDocument(d)).not.toContain('hunter2');
  });
});
