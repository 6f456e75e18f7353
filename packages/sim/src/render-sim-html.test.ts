import { describe, expect, it } from 'vitest';
import { buildSimReport } from './build-sim-report.js';
import { parseMix } from './parse-mix.js';
import { parseSweeps } from './parse-sweep.js';
import { renderSimHtml } from './render-sim-html.js';

describe('renderSimHtml', () => {
  it('draws one precision-recall chart per detector, the firing rates and the efficacy lines, self-contained', () => {
    const report = buildSimReport({ turns: 300, seed: 3, plan: parseSweeps([]), mix: parseMix([]), progress: () => undefined });
    const html = renderSimHtml(report);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.match(/<svg /g)).toHaveLength(report.detectors.length + 2);
    expect(html.match(/<polyline /g)).toHaveLength(1 + report.efficacy.runs.length);
    expect(html).not.toMatch(/NaN|undefined|<script|https?:\/\//);
    for (const d of report.detectors) expect(html).toContain(`<figcaption>${d.detector}</figcaption>`);
  });
});
