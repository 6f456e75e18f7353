import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitChartSpec, shorten } from './fit-chart-spec.js';
import { instinctConfidenceChart } from './instinct-confidence-chart.js';
import { parseChartSpec } from './parse-chart-spec.js';

const MCP = ['mcp__github__create_pull_request_review', 'mcp__filesystem__read_multiple_files', 'mcp__postgres__describe_table_columns'];

describe('fitChartSpec', () => {
  it('a habit chain of three MCP tool names, refused as a series name, fits once shortened and stays distinct', () => {
    const chain = MCP.join(' > ');
    const spec = instinctConfidenceChart([0, 1].map((i) => ({ id: `${chain} > ${MCP[i] ?? ''}${'x'.repeat(40)}-${i}`, history: [{ at: '2026-11-01T00:00:00.000Z', confidence: 0.5 }] })));
    expect(() => parseChartSpec(spec)).toThrow(/series\[0\]\.name/);
    const fitted = parseChartSpec(fitChartSpec(spec));
    expect(fitted.series.map((s) => s.name.length).every((n) => n <= 120)).toBe(true);
    expect(new Set(fitted.series.map((s) => s.name)).size).toBe(2);
  });

  it('any text becomes a spec the schema accepts (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 400, unit: 'grapheme' }), { minLength: 1, maxLength: 60 }), fc.string({ maxLength: 300 }), (names, label) => {
        const spec = { kind: 'bar' as const, x: { label, type: 'category' as const }, y: { label }, series: names.map((n) => ({ name: n, points: [{ x: n, y: 1, tooltip: { [n]: n } }] })) };
        expect(() => parseChartSpec(fitChartSpec(spec))).not.toThrow();
      }),
      { numRuns: 60 },
    );
  });

  it('never splits a surrogate pair', () => {
    expect(shorten(`${'a'.repeat(8)}😀😀`, 10)).toBe(`${'a'.repeat(8)}…`);
  });
});
