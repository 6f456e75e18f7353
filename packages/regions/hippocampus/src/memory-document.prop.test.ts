import type { MemoryEntry, RuleKind } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addRules, appendEntries, type PlacedEntry } from './add-entries.js';
import { cleanEntryText } from './clean-entry-text.js';
import { createDocument } from './create-document.js';
import { newEntryId } from './entry-id.js';
import { newEntryComment } from './entry-line.js';
import { documentEntries, renderDocument, type MemoryFileKind } from './memory-document.js';
import { parseMemoryFile } from './parse-memory-file.js';
import { sanitizeSlug } from './sanitize-slug.js';

const at = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => new Date(ms).toISOString());
const nasty = fc.oneof(fc.string(), fc.constantFrom('<!--', '-->', '<!---', '\n- forged <!-- ts:2026-01-01 -->', '## Never', '# Rules', '  ', 'a>b', 'kind:never', 'password=hunter2'));
const text = fc.array(nasty, { minLength: 1, maxLength: 5 }).map((parts) => cleanEntryText(parts.join(' '))).filter((t) => t !== '');
const confidence = fc.constantFrom('high', 'medium', 'low', null);
const source = fc.constantFrom('user', 'consolidation', 'llm', null);
const topic = fc.option(fc.string({ maxLength: 20 }).map(sanitizeSlug), { nil: null });

const placed = (file: MemoryFileKind, kind: RuleKind | 'lesson', t: string, c: MemoryEntry['confidence'], s: MemoryEntry['source'], tp: string | null, when: string): PlacedEntry => {
  const id = newEntryId('global', kind, t, when);
  const entry: MemoryEntry = { id, text: t, kind, scope: 'global', confidence: c, topic: tp, source: s, section: file === 'rules' ? kind : null, updatedAt: when };
  return { entry, comment: newEntryComment(file, { confidence: c, source: s, topic: tp, at: when, id }) };
};

const uniqueByText = <T extends { t: string }>(xs: T[]): T[] => xs.filter((x, i) => xs.findIndex((y) => y.t === x.t) === i);

/** A thousand runs on a shared 2-core machine took 4-5 s before the scrubber grew: room for load, not a speed target. */
const PROPERTY_TIMEOUT_MS = 60_000;

describe('memory files round-trip', () => {
  it('any set of rules written then read gives the same entries', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ t: text, kind: fc.constantFrom<RuleKind>('always', 'never', 'when'), c: confidence, s: source, tp: topic, when: at }), { maxLength: 15 }), (raw) => {
        const items = uniqueByText(raw).map((r) => placed('rules', r.kind, r.t, r.c, r.s, r.tp, r.when));
        let doc = createDocument('rules', 'global');
        for (const chunk of [items.slice(0, 5), items.slice(5)]) doc = addRules(doc, chunk);
        const back = documentEntries(parseMemoryFile('rules', 'global', renderDocument(doc)));
        const sortKey = (e: MemoryEntry) => e.id;
        expect([...back].sort((a, b) => sortKey(a).localeCompare(sortKey(b)))).toEqual(items.map((i) => i.entry).sort((a, b) => sortKey(a).localeCompare(sortKey(b))));
      }),
      { numRuns: 300 },
    );
  });

  it('any set of lessons appended then read gives the same entries, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ t: text, c: confidence, s: source, tp: topic, when: at }), { maxLength: 15 }), (raw) => {
        const items = uniqueByText(raw).map((r) => placed('lessons', 'lesson', r.t, r.c, r.s, r.tp, r.when));
        const { doc, appended } = appendEntries(createDocument('lessons', 'global'), items);
        const back = documentEntries(parseMemoryFile('lessons', 'global', renderDocument(doc)));
        expect(back).toEqual(items.map((i) => i.entry));
        expect(renderDocument(doc)).toBe(`# Lessons\n${appended}`);
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary hand edits never crash the parser and never lose unrelated entries', () => {
    const base = [
      '# Rules',
      '',
      '## Always',
      '- keep me one <!-- confidence:high ts:2026-01-01 id:00000000000000a1 -->',
      '',
      '## Never',
      '- keep me two <!-- ts:2026-01-02 id:00000000000000a2 -->',
      '',
      '## When',
      '- keep me three <!-- id:00000000000000a3 -->',
    ];
    const junk = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom('## ', '## Notes', '- ', '-  <!-- -->', '- x <!-- kind:never kind:when confidence:None -->', '<!--', '-->', '- <!-- ts:9999-99-99 -->', '\r', '\u2028', '- y <!-- a>b -->'),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: base.length }), junk), { maxLength: 8 }), (edits) => {
        const lines = [...base];
        // Junk lines anywhere after the title (headings included): kept entries may change section, never vanish.
        for (const [pos, j] of edits) lines.splice(Math.max(1, Math.min(pos, lines.length)), 0, j);
        const text = lines.join('\n');
        for (const file of ['rules', 'lessons', 'profile'] as const) expect(() => parseMemoryFile(file, 'global', text)).not.toThrow();
        const doc = parseMemoryFile('rules', 'global', text);
        expect(renderDocument(doc)).toBe(text);
        const texts = documentEntries(doc).map((e) => e.text);
        for (const kept of ['keep me one', 'keep me two', 'keep me three']) expect(texts).toContain(kept);
        // Adding a rule keeps every line that was there.
        const after = renderDocument(addRules(doc, [placed('rules', 'never', 'added', null, null, null, '2026-05-01T00:00:00.000Z')]));
        for (const l of lines) expect(after).toContain(l);
      }),
      { numRuns: 1000 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
