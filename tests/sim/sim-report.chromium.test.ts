import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

/** Debian's Chromium; .ci/run installs it (never a browser download). */
const CHROMIUM = '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
if (!present && process.env['CI'] === 'true') throw new Error(`${CHROMIUM} is missing: .ci/run installs the Debian chromium package`);
/** Flags a root, offline, headless Chromium needs here (TOOLCHAIN.md). */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

describe.skipIf(!present)('the engram sim HTML report in a real headless Chromium', () => {
  it('loads without console errors, draws every chart, and can be screenshotted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-sim-html-'));
    const html = join(dir, 'report.html');
    const r = runCli(['sim', '--turns', '400', '--seed', '5', '--html', html]);
    expect(r.status).toBe(0);
    // playwright-core gives the browser a fresh temporary profile of its own.
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 1400 } });
      const errors: string[] = [];
      page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(pathToFileURL(html).href);
      const charts = await page.locator('svg.chart').count();
      const prCharts = await page.locator('#pr-charts svg').count();
      const dots = await page.locator('#pr-charts circle').count();
      const lines = await page.locator('#efficacy polyline').count();
      const box = await page.locator('#efficacy svg').boundingBox();
      const shot = join(dir, 'report.png');
      await page.screenshot({ path: shot, fullPage: true });
      expect(errors).toEqual([]);
      expect(prCharts).toBe(9);
      expect(charts).toBe(prCharts + 2);
      expect(dots).toBeGreaterThanOrEqual(2 * prCharts);
      expect(lines).toBeGreaterThanOrEqual(2);
      expect(box?.width ?? 0).toBeGreaterThan(100);
      expect(statSync(shot).size).toBeGreaterThan(10_000);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
