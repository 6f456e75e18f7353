import { describe, expect, it } from 'vitest';
import type { ChartSpec } from './chart-spec.js';
import { chartSection } from './chart-section.js';
import { embedJson } from './embed-json.js';
import { renderChart } from './render-chart.js';

const HOSTILE = '</script><script>alert(1)</script><!-- \u2028\u2029 & "\'';

const spec: ChartSpec = {
  kind: 'bar',
  title: HOSTILE,
  x: { label: HOSTILE, unit: '</script>' },
  y: { label: 'rate' },
  seriesLabel: HOSTILE,
  series: [{ name: HOSTILE, points: [{ x: HOSTILE, y: 1, tooltip: { [HOSTILE]: HOSTILE } }] }],
};

/** The JSON argument(s) of the `engramChart(...)` call, parsed back. */
const args = (script: string): unknown[] => JSON.parse(`[${script.replace(/^engramChart\(/, '').replace(/\);$/, '')}]`) as unknown[];

describe('embedJson', () => {
  it('leaves nothing that closes a script, opens a comment or ends a line, and parses back unchanged', () => {
    const out = embedJson({ label: HOSTILE });
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual({ label: HOSTILE });
  });
});

describe('renderChart', () => {
  it('keeps a label that tries to close the script as text in the drawn data', () => {
    const script = renderChart(spec, 'chart-1');
    expect(script).not.toMatch(/<\/?script|<!--|[\u2028\u2029]/i);
    expect(script.startsWith('engramChart("chart-1", ')).toBe(true);
    const [id, description] = args(script);
    expect(id).toBe('chart-1');
    const text = JSON.stringify(description);
    expect(text).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });

  it('refuses an element id that could break out of the call, and a bad spec', () => {
    expect(() => renderChart(spec, 'a");alert(1);("')).toThrow(/element id/);
    expect(() => renderChart(spec, '')).toThrow(/element id/);
    expect(() => renderChart({ ...spec, kind: 'line' }, 'c')).toThrow(/chart spec: field "x\.type"|expected a number/);
  });
});

describe('chartSection', () => {
  it('escapes the caption and the class, and embeds the drawing script', () => {
    const html = chartSection(spec, { id: 'c1', caption: HOSTILE, className: 'x" onload="y' });
    expect(html).toContain('<figcaption>&#60;/script&#62;&#60;script&#62;alert(1)');
    expect(html).toContain('class="engram-chart x&#34; onload=&#34;y"');
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('<div class="engram-chart-plot" id="c1"></div><script>engramChart("c1", ');
  });
});
