import type { MemoryEntry, RuleKind } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addRules, type PlacedEntry } from './add-entries.js';
import { newEntryId } from './entry-id.js';
import { newEntryComment } from './entry-line.js';
import { countRepeatedHeadings } from './group-sections.js';
import { documentEntries, renderDocument } from './memory-document.js';
import { parseMemoryFile } from './parse-memory-file.js';
import { planRuleWrite } from './plan-rule-write.js';
import { sortRulesBySection } from './sort-rules-by-section.js';
import { splitLines } from './split-lines.js';
import { splitMetadata } from './split-metadata.js';

const KINDS: readonly RuleKind[] = ['always', 'never', 'when'];

/** Anton's `get_rules` (anton.md §6.4): a `## ` line sets the kind, `- ` lines after it are rules; stably sorted by kind. */
const antonGetRules = (text: string): { kind: string; text: string }[] => {
  let kind: string | null = null;
  const out: { kind: string; text: string }[] = [];
  for (const { text: line } of splitLines(text)) {
    const t = line.trim();
    if (t.startsWith('## ')) kind = t.slice(3).trim().toLowerCase();
    else if (t.startsWith('- ') && kind !== null) {
      const body = splitMetadata(t.slice(2)).body;
      if (body !== '') out.push({ kind, text: body });
    }
  }
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.kind < b.e.kind ? -1 : a.e.kind > b.e.kind ? 1 : a.i - b.i))
    .map((x) => x.e);
};

let serial = 0;
const placed = (kind: RuleKind): PlacedEntry => {
  const n = serial++;
  const text = `new rule ${n}`;
  const at = new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();
  const id = newEntryId('global', kind, text, at);
  const entry: MemoryEntry = { id, text, kind, scope: 'global', confidence: 'medium', topic: null, source: 'llm', section: kind, updatedAt: at };
  return { entry, comment: newEntryComment('rules', { confidence: 'medium', source: 'llm', topic: null, at, id }) };
};

/** A hand-made or Anton-made rules.md: headings (repeated, unknown, odd case), prose, entries with and without metadata, duplicates. */
const handLine = fc.constantFrom(
  '# Rules',
  '',
  '## Always',
  '## Never',
  '## When',
  '## ALWAYS',
  '## Notes',
  '### sub-heading',
  'some prose',
  '- hand rule',
  '- hand rule',
  '- other rule <!-- confidence:high ts:2026-02-01 scope:x -->',
  '  - indented rule',
  '- ',
);
const initialFile = fc.tuple(fc.array(handLine, { maxLength: 14 }), fc.boolean()).map(([lines, finalBreak]) => lines.join('\n') + (finalBreak && lines.length > 0 ? '\n' : ''));
const batches = fc.array(fc.array(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 25 });
const limits = fc.record({ rewriteBelowLines: fc.integer({ min: 0, max: 12 }), maxRepeatedHeadings: fc.integer({ min: 0, max: 4 }) });

const nonBlankLines = (text: string): string[] =>
  splitLines(text)
    .map((l) => l.text)
    .filter((l) => l.trim() !== '')
    .sort();

describe('rule encodes by append (planRuleWrite)', () => {
  it('any sequence of encodes, then a read, gives what the rewrite path gives, for engram and for Anton', () => {
    fc.assert(
      fc.property(initialFile, batches, limits, (initial, kindsPerBatch, lim) => {
        let onDisk = initial;
        let cached = parseMemoryFile('rules', 'global', initial);
        let rewritten = parseMemoryFile('rules', 'global', initial);
        for (const kinds of kindsPerBatch) {
          const rules = kinds.map(placed);
          const plan = planRuleWrite(cached, rules, true, lim);
          if (plan.mode === 'append') {
            // An append never touches a byte already on disk.
            expect(renderDocument(plan.doc)).toBe(onDisk + plan.text);
            onDisk += plan.text;
          } else onDisk = renderDocument(plan.doc);
          cached = plan.doc;
          rewritten = addRules(rewritten, rules);
          // The document the store keeps in its cache is the one a fresh parse of the file gives.
          expect(documentEntries(cached)).toEqual(documentEntries(parseMemoryFile('rules', 'global', onDisk)));
          expect(countRepeatedHeadings(cached)).toBeLessThanOrEqual(Math.max(lim.maxRepeatedHeadings, countRepeatedHeadings(parseMemoryFile('rules', 'global', initial))));
        }
        const viaRewrite = renderDocument(rewritten);
        // engram's read: same entries (ids included) in the same order.
        expect(sortRulesBySection(documentEntries(parseMemoryFile('rules', 'global', onDisk)))).toEqual(sortRulesBySection(documentEntries(parseMemoryFile('rules', 'global', viaRewrite))));
        // Anton's get_rules: same kinds and texts in the same order.
        expect(antonGetRules(onDisk)).toEqual(antonGetRules(viaRewrite));
        // No line a person wrote is lost (blank separators aside).
        const after = nonBlankLines(onDisk);
        // Repeated headings spelt as engram writes them are folded; everything else stays.
        for (const line of new Set(nonBlankLines(initial).filter((l) => !/^## (Always|Never|When)$/.test(l)))) {
          expect(after.filter((l) => l === line).length).toBeGreaterThanOrEqual(nonBlankLines(initial).filter((l) => l === line).length);
        }
      }),
      { numRuns: 600 },
    );
  });

  it("regrouping gives back Anton's layout for a file engram made", () => {
    let doc = parseMemoryFile('rules', 'global', '# Rules\n\n## Always\n\n## Never\n\n## When\n');
    let text = renderDocument(doc);
    const modes: string[] = [];
    for (let i = 0; i < 9; i++) {
      const plan = planRuleWrite(doc, [placed(KINDS[i % 3] ?? 'always')], true, { rewriteBelowLines: 0, maxRepeatedHeadings: 5 });
      modes.push(plan.mode);
      text = plan.mode === 'append' ? text + plan.text : renderDocument(plan.doc);
      doc = plan.doc;
    }
    // The sixth repeated heading passes the limit of 5: that write regroups the file.
    expect(modes).toEqual(['append', 'append', 'append', 'append', 'append', 'rewrite', 'append', 'append', 'append']);
    const shape = text.replace(/ <!--.*-->/g, '').replace(/rule \d+/g, 'rule');
    expect(shape).toBe(
      '# Rules\n\n## Always\n- new rule\n- new rule\n\n## Never\n- new rule\n- new rule\n\n## When\n- new rule\n- new rule\n\n## Always\n- new rule\n\n## Never\n- new rule\n\n## When\n- new rule\n',
    );
    expect(countRepeatedHeadings(doc)).toBe(3);
  });
});
