import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium; .ci/run installs it (never a browser download). */
export const CHROMIUM = '/usr/bin/chromium';
export const chromiumPresent = existsSync(CHROMIUM);
if (!chromiumPresent && process.env['CI'] === 'true') throw new Error(`${CHROMIUM} is missing: .ci/run installs the Debian chromium package`);
/** Flags a root, offline, headless Chromium needs here (TOOLCHAIN.md). */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export interface OfflinePage {
  readonly page: Page;
  /** Console errors and uncaught page errors, in order. */
  readonly errors: string[];
  /** Every request that was not a file: URL (each was aborted). */
  readonly blocked: string[];
  /** Dialogs the page opened (alert, confirm ...): a page that runs injected script opens one. */
  readonly dialogs: string[];
}

/** Launches Chromium (playwright-core gives it a fresh temporary profile). */
export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: ARGS });

/**
 * A page with the network cut off: every request that is not `file:` is aborted and recorded, so
 * a page that works here needs nothing from outside. Console errors, page errors and dialogs are
 * recorded for the test to check.
 */
export const offlinePage = async (browser: Browser, viewport = { width: 1200, height: 1400 }): Promise<OfflinePage> => {
  const context = await browser.newContext({ viewport, offline: true });
  const blocked: string[] = [];
  await context.route(
    (url) => url.protocol !== 'file:',
    (route) => {
      blocked.push(route.request().url());
      return route.abort();
    },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { page, errors, blocked, dialogs };
};

/** The numbers of a chart's tick labels on one axis (`x` or `y`), in order ("40%" reads 40). */
export const tickValues = async (page: Page, chart: string, axis: 'x' | 'y'): Promise<number[]> => {
  const texts = await page.locator(`${chart} svg.engram-chart-svg [aria-label="${axis}-axis tick label"] text`).allTextContents();
  return texts.map((t) => Number(t.replace(/[%\u2212]/g, (c) => (c === '%' ? '' : '-'))));
};
