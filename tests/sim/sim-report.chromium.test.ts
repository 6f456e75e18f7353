import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SimReport } from '@engram/sim';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/run-cli.js';
import { chromiumPresent, launchChromium, offlinePage, tickValues } from '../support/offline-chromium.js';

/** Screenshots live in the repository, linked from docs/sim.md. */
const IMAGES = join(ROOT, 'docs/images');

describe.skipIf(!chromiumPresent)('the engram sim HTML report in a real headless Chromium, offline', () => {
  it('draws every chart with axes, tick labels over the data range, legends and tooltips, with the network cut off', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-sim-html-'));
    const html = join(dir, 'report.html');
    const r = runCli(['sim', '--turns', '400', '--seed', '5', '--json', '--html', html]);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as SimReport;
    mkdirSync(IMAGES, { recursive: true });
    const browser = await launchChromium();
    try {
      const { page, errors, blocked } = await offlinePage(browser);
      await page.goto(pathToFileURL(html).href);
      await page.locator('#efficacy-chart svg.engram-chart-svg').waitFor();

      // One precision-recall chart per detector: an SVG, ticks 0 to 1 on both axes, axis titles, a legend, a dot per setting.
      const prCharts = page.locator('#pr-charts .engram-chart-plot');
      expect(await prCharts.count()).toBe(report.detectors.length);
      for (const d of report.detectors) {
        const id = `#pr-${d.detector.replace(/\./g, '-')}`;
        for (const axis of ['x', 'y'] as const) {
          const ticks = await tickValues(page, id, axis);
          expect(ticks[0]).toBe(0);
          expect(ticks.at(-1)).toBe(1);
        }
        const text = await page.locator(id).innerText();
        expect(text).toMatch(/precision/);
        expect(text).toMatch(/recall/);
        expect(text).toMatch(/sweep setting[\s\S]*anton[\s\S]*recommended/);
        expect(await page.locator(`${id} svg.engram-chart-svg g[aria-label="dot"] circle`).count()).toBe(d.sweep.length + 2);
      }

      // Firing rates: percentage ticks from 0 past the highest rate; a bar per detector and profile.
      const rates = report.detectors.flatMap((d) => [d.anton.firingRate, d.recommended.firingRate]);
      const firingTicks = await tickValues(page, '#firing-chart', 'x');
      expect(firingTicks[0]).toBe(0);
      expect(Math.max(...firingTicks)).toBeGreaterThanOrEqual(Math.floor(Math.max(...rates) * 100));
      expect(Math.max(...firingTicks)).toBeLessThanOrEqual(Math.ceil(Math.max(...rates) * 100) + 10);
      expect(await page.locator('#firing-chart svg.engram-chart-svg g[aria-label="bar"] rect').count()).toBe(rates.length);
      for (const d of report.detectors) expect(await page.locator('#firing-chart').innerText()).toContain(d.detector);

      // Learning efficacy: sessions 1..n on x, failures from 0 past the worst session on y, a line per series.
      const failures = [...report.efficacy.withoutLearning, ...report.efficacy.runs.flatMap((run) => run.failuresPerSession)];
      expect(await tickValues(page, '#efficacy-chart', 'x')).toEqual(Array.from({ length: report.efficacy.sessions }, (_, i) => i + 1));
      const yTicks = await tickValues(page, '#efficacy-chart', 'y');
      expect(yTicks[0]).toBe(0);
      expect(Math.max(...yTicks)).toBeGreaterThanOrEqual(Math.max(...failures) - 5);
      expect(Math.max(...yTicks)).toBeLessThanOrEqual(Math.max(...failures) + 10);
      expect(await page.locator('#efficacy-chart svg.engram-chart-svg g[aria-label="line"] path').count()).toBe(1 + report.efficacy.runs.length);
      expect(await page.locator('#efficacy').innerText()).toMatch(/learning off[\s\S]*learning on \(anton\)[\s\S]*learning on \(recommended\)/);

      await page.screenshot({ path: join(IMAGES, 'sim-report.png'), fullPage: true });

      // Hovering a point shows its tooltip: the worst session of learning off, with its value.
      const worst = Math.max(...report.efficacy.withoutLearning);
      const session = report.efficacy.withoutLearning.indexOf(worst) + 1;
      const dot = page.locator('#efficacy-chart svg.engram-chart-svg g[aria-label="dot"] circle').nth(session - 1);
      await dot.scrollIntoViewIfNeeded();
      const box = await dot.boundingBox();
      expect(box).not.toBeNull();
      await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
      const tip = page.locator('#efficacy-chart svg.engram-chart-svg g[aria-label="tip"]');
      await tip.waitFor();
      const tipText = (await tip.textContent()) ?? '';
      expect(tipText).toMatch(new RegExp(`failures\\s*${worst}\\b`));
      expect(tipText).toMatch(new RegExp(`session\\s*s${session}\\b`));
      expect(tipText).toMatch(/agent\s*learning off/);
      await page.locator('#efficacy').screenshot({ path: join(IMAGES, 'sim-report-tooltip.png') });

      // A precision-recall dot's tooltip names its setting.
      const prDot = page.locator(`#pr-${report.detectors[0]?.detector.replace(/\./g, '-')} svg.engram-chart-svg g[aria-label="dot"] circle`).last();
      await prDot.hover({ force: true });
      expect(await page.locator('#pr-charts g[aria-label="tip"]').first().textContent()).toMatch(/setting.*F1/);

      expect(errors).toEqual([]);
      expect(blocked).toEqual([]);
      expect(statSync(join(IMAGES, 'sim-report.png')).size).toBeGreaterThan(50_000);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
