import { chartScript } from '@engram/charts';
import { describe, expect, it } from 'vitest';
import { buildSimReport } from './build-sim-report.js';
import { parseMix } from './parse-mix.js';
import { parseSweeps } from './parse-sweep.js';
import { renderSimHtml } from './render-sim-html.js';

describe('renderSimHtml', () => {
  it('has one precision-recall chart per detector, the firing rates and the efficacy lines, self-contained', () => {
    const report = buildSimReport({ turns: 300, seed: 3, plan: parseSweeps([]), mix: parseMix([]), progress: () => undefined });
    const html = renderSimHtml(report);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    // The plotting library is inlined once; nothing is loaded from elsewhere.
    expect(html).toContain(chartScript());
    const page = html.replace(chartScript(), '');
    expect(page).not.toMatch(/NaN|undefined|<script[^>]*\ssrc=|<link|@import|https?:\/\//);
    expect(page.match(/<figure class="engram-chart/g)).toHaveLength(report.detectors.length + 2);
    expect(page.match(/engramChart\("pr-acc-/g)).toHaveLength(report.detectors.length);
    for (const d of report.detectors) expect(page).toContain(`<figcaption>${d.detector}</figcaption>`);
    // The efficacy chart has a series per run plus learning off, each point one session.
    const efficacy = /engramChart\("efficacy-chart", (.*)\);<\/script>/.exec(page)?.[1] ?? '';
    const description = JSON.parse(efficacy) as { marks: { mark: string; data: { series: string }[] }[] };
    const dots = description.marks.find((m) => m.mark === 'dot')?.data ?? [];
    expect(new Set(dots.map((d) => d.series)).size).toBe(1 + report.efficacy.runs.length);
    expect(dots).toHaveLength(report.efficacy.sessions * (1 + report.efficacy.runs.length));
  });
});
