import { bm25Tokens, estimateTokens } from '@engram/kernel';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatStrategies } from './format-strategies.js';
import { rankStrategies } from './rank-strategies.js';
import type { StrategyItem } from './strategy-item.js';
import { strategyQuery } from './strategy-query.js';
import { defaultStrategyParams } from './strategy-params.js';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const WORDS = ['encoding', 'cbl', 'iconv', 'legacy', 'pandas', 'merge', 'docker', 'network', 'retry', 'path', 'file', 'read_file'] as const;
const TOOLS = ['read_file', 'bash', 'scratchpad'] as const;

const itemArb = fc.record({
  id: fc.stringMatching(/^[a-z]{1,6}$/),
  kind: fc.constantFrom('rule' as const, 'lesson' as const, 'recipe' as const),
  text: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }).map((w) => w.join(' ')),
  confidence: fc.oneof(fc.constantFrom('high' as const, 'medium' as const, 'low' as const), fc.double({ min: 0, max: 1, noNaN: true })),
  seenAt: fc.option(fc.integer({ min: NOW - 400 * 86_400_000, max: NOW }), { nil: null }),
  tools: fc.option(fc.array(fc.constantFrom(...TOOLS), { maxLength: 2 }), { nil: undefined }),
});
const items = fc.uniqueArray(itemArb, { maxLength: 30, selector: (i) => i.id }).map((xs) => xs.map(({ tools, ...rest }): StrategyItem => (tools === undefined ? rest : { ...rest, tools })));
const call = fc.record({
  tool: fc.constantFrom(...TOOLS),
  turnText: fc.array(fc.constantFrom(...WORDS, 'please', 'summarise', 'this'), { maxLength: 8 }).map((w) => w.join(' ')),
  path: fc.constantFrom('legacy/PAYROLL.cbl', 'notes.txt', ''),
  budgetTokens: fc.integer({ min: 0, max: 400 }),
});

describe('rankStrategies properties', () => {
  it('stays within the budget, and reports the tokens of exactly the printed block', () => {
    fc.assert(
      fc.property(items, call, (xs, c) => {
        const r = rankStrategies(xs, { ...c, args: { path: c.path }, nowMs: NOW });
        const text = formatStrategies(r.chosen, c.tool);
        expect(r.tokens).toBe(text === '' ? 0 : estimateTokens(text));
        expect(r.tokens).toBeLessThanOrEqual(c.budgetTokens);
        expect(r.chosen.length).toBeLessThanOrEqual(defaultStrategyParams.maxItems);
      }),
    );
  });

  it('chooses only items that share a term with the call or name its tool, best first, each text once', () => {
    fc.assert(
      fc.property(items, call, (xs, c) => {
        const r = rankStrategies(xs, { ...c, args: { path: c.path }, nowMs: NOW });
        const query = new Set(bm25Tokens(strategyQuery(c.tool, c.turnText, { path: c.path }, defaultStrategyParams.maxArgChars)));
        for (const { item } of r.chosen) expect(bm25Tokens(item.text).some((t) => query.has(t)) || (item.tools ?? []).includes(c.tool)).toBe(true);
        for (let i = 1; i < r.chosen.length; i++) expect(r.chosen[i - 1]?.score).toBeGreaterThanOrEqual(r.chosen[i]?.score ?? Infinity);
        expect(new Set(r.chosen.map((x) => x.item.text)).size).toBe(r.chosen.length);
      }),
    );
  });

  it('does not depend on the order the candidates come in', () => {
    fc.assert(
      fc.property(
        items.chain((xs) => fc.tuple(fc.constant(xs), fc.shuffledSubarray(xs, { minLength: xs.length, maxLength: xs.length }))),
        call,
        ([xs, shuffled], c) => {
          const a = rankStrategies(xs, { ...c, args: { path: c.path }, nowMs: NOW });
          const b = rankStrategies(shuffled, { ...c, args: { path: c.path }, nowMs: NOW });
          expect(b.chosen.map((x) => x.item.id)).toEqual(a.chosen.map((x) => x.item.id));
          expect(b.tokens).toBe(a.tokens);
        },
      ),
    );
  });

  it('counts the same relevant items whatever the budget, and chooses the best one whenever it fits alone', () => {
    // (More budget can mean fewer items: a long top item that now fits may crowd out short ones.)
    fc.assert(
      fc.property(items, call, (xs, c) => {
        const r = rankStrategies(xs, { ...c, args: { path: c.path }, nowMs: NOW });
        const all = rankStrategies(xs, { ...c, budgetTokens: 1_000_000, args: { path: c.path }, nowMs: NOW, params: { ...defaultStrategyParams, maxItems: 1000 } });
        expect(r.chosen.length + r.dropped).toBe(all.chosen.length);
        const top = all.chosen[0];
        if (top !== undefined && formatStrategies([top], c.tool).length + 1 <= c.budgetTokens * 4) expect(r.chosen[0]?.item.id).toBe(top.item.id);
      }),
    );
  });
});
