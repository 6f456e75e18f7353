import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chartHead, chartSection, instinctConfidenceChart, learningCurveChart, memoryHitRateChart, memoryInjectionsChart, type ChartSpec } from '@engram/charts';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.js';
import { chromiumPresent, launchChromium, offlinePage, tickValues } from '../support/offline-chromium.js';

/** A label that would run script if it were ever parsed as HTML. */
const HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';

const entries = [
  { id: 'rule-1', text: 'Never retry a failing fetch with the same arguments more than once', scope: 'project', injections: 12, hits: 9 },
  { id: 'rule-2', text: HOSTILE, scope: 'global', injections: 5, hits: 5 },
  { id: 'lesson-3', text: 'Split cells over 5 KB', injections: 3, hits: null },
];

const sections: [string, ChartSpec][] = [
  ['learning', learningCurveChart([{ name: 'this project', sessions: [6, 4, 3, 1, 1, 0].map((failures, i) => ({ session: `20261120_10000${i}_abcd`, failures, turns: 12, at: `2026-11-2${i}T10:00:00Z` })) }])],
  ['instincts', instinctConfidenceChart([
    { id: 'inst-retry', label: 'read the error before retrying', history: [{ at: '2026-11-01T10:00:00Z', confidence: 0.3 }, { at: '2026-11-04T10:00:00Z', confidence: 0.55 }, { at: '2026-11-09T10:00:00Z', confidence: 0.85 }] },
    { id: HOSTILE, history: [{ at: '2026-11-02T10:00:00Z', confidence: 0.6 }, { at: '2026-11-07T10:00:00Z', confidence: 0.35 }] },
  ])],
  ['injections', memoryInjectionsChart(entries)],
  ['hit-rate', memoryHitRateChart(entries)],
];

describe.skipIf(!chromiumPresent)('@engram/charts in a real headless Chromium, offline', () => {
  it('draws the view charts with ticks over their data, shows hostile labels as text and never runs them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-charts-'));
    const file = join(dir, 'charts.html');
    const body = sections.map(([id, spec]) => chartSection(spec, { id, caption: `${id} ${HOSTILE}` })).join('\n');
    writeFileSync(file, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>charts</title>${chartHead()}</head><body style="font-family:system-ui;max-width:960px;margin:24px auto">${body}</body></html>`);
    const browser = await launchChromium();
    try {
      const { page, errors, blocked, dialogs } = await offlinePage(browser, { width: 1000, height: 1200 });
      await page.goto(pathToFileURL(file).href);
      await page.locator('#hit-rate svg.engram-chart-svg').waitFor();
      for (const [id] of sections) expect(await page.locator(`#${id} svg.engram-chart-svg`).count()).toBe(1);

      // Ticks cover the data: sessions 1..6 and failures 0..6; confidence and hit rate 0..100%; injections 0..12.
      expect(await tickValues(page, '#learning', 'x')).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await tickValues(page, '#learning', 'y')).toEqual([0, 1, 2, 3, 4, 5, 6]);
      const confidence = await tickValues(page, '#instincts', 'y');
      expect([confidence[0], confidence.at(-1)]).toEqual([0, 100]);
      expect((await page.locator('#instincts svg.engram-chart-svg [aria-label="x-axis tick label"] text').allTextContents()).join(' ')).toMatch(/Nov/);
      const injections = await tickValues(page, '#injections', 'x');
      expect([injections[0], injections.at(-1)]).toEqual([0, 12]);
      const hitRate = await tickValues(page, '#hit-rate', 'x');
      expect([hitRate[0], hitRate.at(-1)]).toEqual([0, 100]);
      // A bar per entry that has a value: two counts for each entry, no hit-rate bar for the one with nothing to judge.
      expect(await page.locator('#injections svg.engram-chart-svg g[aria-label="bar"] rect').count()).toBe(5);
      expect(await page.locator('#hit-rate svg.engram-chart-svg g[aria-label="bar"] rect').count()).toBe(2);

      // The hostile label is on the page as text: in the caption, the legend and the axis; no element came from it.
      expect(await page.locator('figcaption', { hasText: HOSTILE }).count()).toBe(sections.length);
      expect(await page.locator('#instincts').innerText()).toContain(HOSTILE);
      expect(await page.locator('#injections').innerText()).toContain('</script><script>alert(1)');
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.locator('script').count()).toBe(1 + sections.length);

      // Hovering a point shows its tooltip with the session's id.
      const dot = page.locator('#learning svg.engram-chart-svg g[aria-label="dot"] circle').nth(2);
      await dot.hover({ force: true });
      const tip = page.locator('#learning svg.engram-chart-svg g[aria-label="tip"]');
      await tip.locator('text').first().waitFor();
      expect(await tip.textContent()).toMatch(/failures\s*3[\s\S]*session\s*20261120_100002_abcd/);

      mkdirSync(join(ROOT, 'docs/images'), { recursive: true });
      await page.screenshot({ path: join(ROOT, 'docs/images/charts-view-specs.png'), fullPage: true });
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      expect(blocked).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
