import { CHARS_PER_TOKEN } from '@engram/kernel';
import type { MemoryEntry } from '@engram/kernel';
import { applyListEdit } from '@engram/kernel/testing';
import fc from 'fast-check';
import { DATA_CLOSE, DATA_OPEN, DATA_PREAMBLE } from './data-frame.js';
import { describe, expect, it } from 'vitest';
import { buildMemoryContext, omittedLine } from './memory-context.js';
import { pinPrefix } from './memory/memory-pin.js';
import { buildScratchpadPrimer } from './scratchpad-primer.js';

const kinds = ['always', 'never', 'when', 'lesson', 'profile'] as const;

const entryArb: fc.Arbitrary<MemoryEntry> = fc
  .record({
    id: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'.split('')), minLength: 4, maxLength: 8 }),
    text: fc.string({ minLength: 1, maxLength: 300 }).map((s) => s.replace(/\n/g, ' ')),
    kind: fc.constantFrom(...kinds),
    confidence: fc.constantFrom('high', 'medium', 'low', null),
    topic: fc.option(fc.constantFrom('scratchpad', 'api', 'x'), { nil: null }),
    updatedAt: fc.option(fc.constantFrom('2026-11-20', '2026-11-22T03:15:00.000Z', '2026-11-22T04:00:00.000Z'), { nil: null }),
  })
  .map((r) => ({ ...r, scope: 'global' as const, source: 'llm' as const, section: r.kind === 'lesson' || r.kind === 'profile' ? null : r.kind }));

const scopeArb = fc.array(entryArb, { maxLength: 60 }).map((es) => ({
  rules: es.filter((e) => e.section !== null),
  lessons: es.filter((e) => e.kind === 'lesson'),
  identities: es.filter((e) => e.kind === 'profile'),
}));

const WORDS = ['dataset', 'aggregate', 'aggregating', 'endpoint', 'rate', 'limits', 'retry', 'tabs', 'pnpm', 'tests', 'read', 'fails', 'the', 'when', 'a'];
const wordsArb = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
/** Entries whose words a message can share, written minutes to hours apart (some in one sitting). */
const wordyEntryArb: fc.Arbitrary<MemoryEntry> = fc
  .record({ entry: entryArb, text: wordsArb, minutes: fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }) })
  .map(({ entry, text, minutes }) => ({ ...entry, text, updatedAt: minutes === null ? entry.updatedAt : new Date(Date.UTC(2026, 10, 22) + minutes * 60_000).toISOString() }));
/** One change to a list of entries: one added, removed or replaced at a position. */
const editArb = fc.record({ op: fc.constantFrom('add', 'remove', 'replace'), at: fc.nat(), item: wordyEntryArb });
const scopeOf = (all: readonly MemoryEntry[]) => ({ all, rules: all.filter((e) => e.section !== null), lessons: all.filter((e) => e.kind === 'lesson'), identities: all.filter((e) => e.kind === 'profile') });

const budgetsArb = fc.record({ identity: fc.integer({ min: 0, max: 300 }), rules: fc.integer({ min: 0, max: 400 }), lessons: fc.integer({ min: 0, max: 400 }), primer: fc.integer({ min: 0, max: 200 }), skills: fc.integer({ min: 0, max: 300 }) });

describe('memory context properties', () => {
  it('never exceeds any section budget, and the same inputs give the same output', () => {
    fc.assert(
      fc.property(scopeArb, fc.option(scopeArb, { nil: null }), budgetsArb, fc.string({ maxLength: 40 }), (global, project, budgets, message) => {
        const c = buildMemoryContext({ global, project, budgets, message });
        const limits = { identity: budgets.identity, 'global-rules': budgets.rules, 'project-rules': budgets.rules, 'global-added': budgets.rules, 'project-added': budgets.rules, 'global-when': budgets.rules, 'project-when': budgets.rules, 'global-lessons': budgets.lessons, 'project-lessons': budgets.lessons };
        for (const s of c.sections) expect(s.text.length).toBeLessThanOrEqual(limits[s.key] * CHARS_PER_TOKEN);
        // A scope's always/never rules and its when-rules share one rules budget.
        for (const scope of ['global', 'project']) expect(c.sections.filter((s) => s.key === `${scope}-rules` || s.key === `${scope}-when`).reduce((n, s) => n + s.text.length, 0)).toBeLessThanOrEqual(budgets.rules * CHARS_PER_TOKEN);
        const frame = c.text === '' ? 0 : DATA_OPEN.length + DATA_PREAMBLE.length + DATA_CLOSE.length + 3 + omittedLine(c.omitted).length + 2;
        const total = (budgets.identity + 2 * budgets.rules + 2 * budgets.lessons) * CHARS_PER_TOKEN + 2 * (c.sections.length + 1) + frame;
        expect(c.text.length).toBeLessThanOrEqual(total);
        expect(buildMemoryContext({ global, project, budgets, message })).toEqual(c);
        const p = buildScratchpadPrimer(global, project, budgets.primer);
        expect(p.suffix.length).toBeLessThanOrEqual(budgets.primer * CHARS_PER_TOKEN);
        expect(buildScratchpadPrimer(global, project, budgets.primer)).toEqual(p);
      }),
      { numRuns: 300 },
    );
  });

  it('starts every block of a memory with the same prefix bytes whatever the message, and counts what it left out', () => {
    fc.assert(
      fc.property(scopeArb, fc.option(scopeArb, { nil: null }), budgetsArb, fc.array(fc.string({ maxLength: 40 }), { minLength: 2, maxLength: 4 }), (global, project, budgets, messages) => {
        const blocks = messages.map((message) => buildMemoryContext({ global, project, budgets, message }));
        const first = blocks[0];
        if (first === undefined) return;
        for (const c of blocks) {
          expect(c.prefix.text).toBe(first.prefix.text);
          expect(c.text.startsWith(c.prefix.text)).toBe(true);
          const candidates = [global, project].reduce((n, m) => n + (m === null ? 0 : m.rules.filter((e) => !(e.kind === 'when' && e.topic === 'scratchpad')).length + m.lessons.filter((e) => e.topic !== 'scratchpad').length), global.identities.length);
          const shown = c.sections.reduce((n, s) => n + s.entries.length, 0);
          expect(c.omitted).toBe(candidates - shown);
          if (c.omitted > 0) expect(c.text).toContain(omittedLine(c.omitted));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("keeps a conversation's prefix bytes while memory only grows, and shows what was written since after it, within the rules budget", () => {
    fc.assert(
      fc.property(scopeArb, fc.option(scopeArb, { nil: null }), scopeArb, budgetsArb, fc.string({ maxLength: 40 }), (global, project, extra, budgets, message) => {
        const first = { global, project };
        const pin = pinPrefix(null, first, budgets);
        const before = buildMemoryContext({ ...first, budgets, message, pin });
        // The same memory with entries written since: new ids, appended as a store appends them.
        const fresh = (es: readonly MemoryEntry[]) => es.map((e, i) => ({ ...e, id: `new${i}${e.id}` }));
        const grown = { global: { rules: [...global.rules, ...fresh(extra.rules)], lessons: [...global.lessons, ...fresh(extra.lessons)], identities: [...global.identities, ...fresh(extra.identities)] }, project };
        const kept = pinPrefix(pin, grown, budgets);
        expect(kept).toBe(pin);
        const after = buildMemoryContext({ ...grown, budgets, message, pin: kept });
        expect(after.prefix.text).toBe(before.prefix.text);
        expect(after.text.startsWith(before.prefix.text)).toBe(true);
        // Only entries written since are in the added section, and it shares the scope's rules budget.
        const added = after.sections.find((x) => x.key === 'global-added');
        for (const e of added?.entries ?? []) expect(e.id.startsWith('new')).toBe(true);
        const rulesChars = after.sections.filter((x) => x.key === 'global-rules' || x.key === 'global-added' || x.key === 'global-when').reduce((n, x) => n + x.text.length, 0);
        expect(rulesChars).toBeLessThanOrEqual(budgets.rules * CHARS_PER_TOKEN);
        // Every entry is shown once or counted as left out.
        const ids = after.sections.flatMap((x) => x.entries.map((e) => e.id));
        expect(new Set(ids).size).toBe(ids.length);
        const candidates = [grown.global, project].reduce((n, m) => n + (m === null ? 0 : m.rules.filter((e) => !(e.kind === 'when' && e.topic === 'scratchpad')).length + m.lessons.filter((e) => e.topic !== 'scratchpad').length), grown.global.identities.length);
        expect(after.omitted).toBe(candidates - ids.length);
        expect(buildMemoryContext({ ...grown, budgets, message, pin: kept })).toEqual(after);
      }),
      { numRuns: 200 },
    );
  });

  it('re-pins when an entry the prefix shows is removed or changed: what a person removed is not shown again', () => {
    fc.assert(
      fc.property(scopeArb, fc.option(scopeArb, { nil: null }), budgetsArb, fc.nat(), fc.boolean(), (global, project, budgets, pick, edit) => {
        const first = { global, project };
        const pin = pinPrefix(null, first, budgets);
        const shown = buildMemoryContext({ ...first, budgets, pin }).prefix.sections.flatMap((x) => x.entries);
        const gone = shown[pick % Math.max(1, shown.length)];
        if (gone === undefined) return;
        const change = (es: readonly MemoryEntry[]) => (edit ? es.map((e) => (e.id === gone.id ? { ...e, text: `${e.text} (edited)` } : e)) : es.filter((e) => e.id !== gone.id));
        const now = { global: { ...global, rules: change(global.rules), identities: change(global.identities) }, project: project === null ? null : { ...project, rules: change(project.rules) } };
        const next = pinPrefix(pin, now, budgets);
        expect(next).not.toBe(pin);
        expect(next.memory).toBe(now);
        const block = buildMemoryContext({ ...now, budgets, pin: next });
        for (const item of block.injection.items) if (item.id === gone.id) expect(item.text).not.toBe(gone.text);
      }),
      { numRuns: 200 },
    );
  });

  it('builds the same block for a snapshot edited from an earlier one (entries remembered, indexes edited) as for the same entries seen afresh', () => {
    fc.assert(
      fc.property(fc.array(wordyEntryArb, { maxLength: 80 }), fc.array(fc.array(editArb, { minLength: 1, maxLength: 4 }), { maxLength: 5 }), fc.array(wordsArb, { minLength: 1, maxLength: 3 }), budgetsArb, (entries, rounds, messages, budgets) => {
        let list = entries;
        for (const round of [[], ...rounds]) {
          // Each round's snapshot: new arrays, the same objects for the entries the edits left alone.
          list = round.reduce(applyListEdit<MemoryEntry>, list);
          const global = scopeOf(list);
          const project = scopeOf(list.filter((_, i) => i % 3 !== 0));
          for (const message of messages) {
            const warm = buildMemoryContext({ global, project, budgets, message });
            // Copies of the entries: nothing is remembered of them, every index is built afresh.
            const cold = buildMemoryContext({ global: scopeOf(global.all.map((e) => ({ ...e }))), project: scopeOf(project.all.map((e) => ({ ...e }))), budgets, message });
            expect(warm.text).toBe(cold.text);
            expect(warm.omitted).toBe(cold.omitted);
            expect(warm.injection).toEqual(cold.injection);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

