import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { startCliForUrl, stopCli } from './view-demo.js';

/**
 * Why (issue 24 item 6): every call lesson's record of use (shown, ignored, other error, heeded)
 * and its standing must be visible where a person looks, `engram memory stats` and the web view's
 * Learning page; a lesson ignored again and again is shown as demoted.
 */
const CHROMIUM = '/usr/bin/chromium';
const present = existsSync(CHROMIUM);
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

const lesson = (id: string, pattern: string, errorLine: string, use: { shown: number; ignored: number; otherError: number; heeded: number }) => ({
  lessonId: `cerebellum.call.${id}`,
  failed: { tool: 'Bash', pattern },
  errorLine,
  signature: errorLine.toLowerCase(),
  recovery: { tool: 'Bash', pattern: 'python runtests.py', afterWrites: false },
  text: `In this project \`${pattern}\` (Bash) failed with "${errorLine}"; what worked instead: \`python runtests.py\` (Bash).`,
  count: 2,
  sessions: ['20261120_100000_aaaa'],
  firstSeen: '2026-11-20T10:00:00.000Z',
  lastSeen: '2026-11-21T10:00:00.000Z',
  use,
});

/** A home and a project whose `.engram/call-lessons.json` holds a said and a demoted lesson. */
const setUp = () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-call-lessons-view-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  mkdirSync(join(project, '.engram'), { recursive: true });
  mkdirSync(home, { recursive: true });
  const lessons = [lesson('0000000000aa', 'python -m pytest', "ModuleNotFoundError: No module named 'pytest'", { shown: 4, ignored: 1, otherError: 1, heeded: 2 }), lesson('0000000000bb', 'make test', 'make: *** No rule to make target', { shown: 6, ignored: 6, otherError: 0, heeded: 0 })];
  writeFileSync(join(project, '.engram', 'call-lessons.json'), `${JSON.stringify({ engramCallLessons: 1, lessons }, null, 2)}\n`);
  return { home, project };
};

describe('call lessons: record of use in memory stats and the web view', () => {
  const { home, project } = setUp();

  it('given two stored lessons, when `engram memory stats` runs, then each shows its counts and standing (text and JSON)', () => {
    const text = runCli(['memory', 'stats', '--home', home, '--project', project]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('call lessons             2');
    expect(text.stdout).toMatch(/demoted shown 6, ignored 6, other error 0, heeded 0; learned 2: `make test` \(Bash\)/);
    expect(text.stdout).toMatch(/said +shown 4, ignored 1, other error 1, heeded 2; learned 2: `python -m pytest` \(Bash\)/);
    const json = runCli(['memory', 'stats', '--home', home, '--project', project, '--json']);
    const parsed = JSON.parse(json.stdout) as { callLessons: { pattern: string; standing: string; heeded: number }[] };
    expect(parsed.callLessons.map((l) => [l.pattern, l.standing, l.heeded])).toEqual([
      ['make test', 'demoted', 0],
      ['python -m pytest', 'said', 2],
    ]);
  });

  describe.skipIf(!present)('in a real headless Chromium', () => {
    let browser: Browser;
    let url: string;
    let stop: () => Promise<number | null>;

    beforeAll(async () => {
      const started = await startCliForUrl(['view', '--home', home, '--project', project]);
      url = started.url;
      stop = () => stopCli(started.child);
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    }, 90_000);

    afterAll(async () => {
      await browser.close();
      expect(await stop()).toBe(0);
    });

    it('given the Learning page, when opened, then the call lessons table lists each lesson with its counts and standing', async () => {
      const page = await browser.newPage();
      const res = await page.goto(`${url}learning`);
      expect(res?.status()).toBe(200);
      await page.getByRole('heading', { name: 'Call lessons' }).waitFor({ timeout: 10_000 });
      const rows = page.locator('table.call-lessons tbody tr');
      expect(await rows.count()).toBe(2);
      const cells = async (i: number) => (await rows.nth(i).locator('td').allInnerTexts()).map((t) => t.trim());
      const first = await cells(0);
      expect(first[0]).toContain('make test');
      expect(first.slice(1)).toEqual(['demoted', '2', '6', '6', '0', '0']);
      const second = await cells(1);
      expect(second[0]).toContain("ModuleNotFoundError: No module named 'pytest'");
      expect(second.slice(1)).toEqual(['said', '2', '4', '1', '1', '2']);
      await page.close();
    });
  });
});
