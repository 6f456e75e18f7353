import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from '../support/offline-chromium.js';
import { demoHome, startCliForUrl, stopCli, type DemoHome } from './view-demo.js';

export interface ViewInChromium {
  readonly demo: DemoHome;
  /** The web app's base URL, ending in `/`. */
  readonly url: string;
  /** Console errors and uncaught page errors of every page opened, each prefixed with its path. */
  readonly errors: string[];
  /** Opens a path of the web app in a new browser context and expects a 200. */
  readonly open: (path: string, options?: { readonly viewport?: { readonly width: number; readonly height: number }; readonly javaScriptEnabled?: boolean }) => Promise<Page>;
  /** Closes the browser and stops `engram view`; resolves with its exit code. */
  readonly close: () => Promise<number | null>;
}

/**
 * `engram view` over a fresh demo home and a Chromium on it: what every web-app suite starts
 * with. `prepare` changes the demo's files before the server starts.
 */
export const startViewInChromium = async (prepare: (demo: DemoHome) => void = () => undefined): Promise<ViewInChromium> => {
  const demo = demoHome();
  prepare(demo);
  const started = await startCliForUrl(['view', '--home', demo.home, '--project', demo.project]);
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (err) {
    await stopCli(started.child);
    throw err;
  }
  const errors: string[] = [];
  return {
    demo,
    url: started.url,
    errors,
    open: async (path, options = {}) => {
      const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, javaScriptEnabled: options.javaScriptEnabled ?? true });
      const page = await context.newPage();
      // The context goes with its page. Closing it may lose a race with the browser's own close at
      // the end of a suite; that rejection is expected, and unhandled it failed the whole run.
      page.once('close', () => void context.close().catch(() => undefined));
      page.on('console', (m) => (m.type() === 'error' ? errors.push(`${path}: ${m.text()}`) : undefined));
      page.on('pageerror', (e) => errors.push(`${path}: ${e.message}`));
      const res = await page.goto(`${started.url}${path}`);
      expect(res?.status(), path).toBe(200);
      return page;
    },
    close: async () => {
      await browser.close();
      return stopCli(started.child);
    },
  };
};
