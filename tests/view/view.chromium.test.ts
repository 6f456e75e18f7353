import { appendFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '@engram/store';
import { createBrain } from '@engram/runtime';
import { ROOT } from '../cli/run-cli.js';
import { chromiumPresent } from '../support/offline-chromium.js';
import type { DemoHome } from './view-demo.js';
import { startViewInChromium, type ViewInChromium } from './view-in-chromium.js';

/** The screenshots the docs show (docs/view.md): rewritten only with ENGRAM_SCREENSHOTS=1, so a test run leaves the docs alone. */
const SHOTS = process.env['ENGRAM_SCREENSHOTS'] === '1';
const IMAGES = SHOTS ? join(ROOT, 'docs', 'images') : mkdtempSync(join(tmpdir(), 'engram-view-shots-'));

const idOf = (log: string): string => log.split('/').pop()?.replace('.jsonl', '') ?? '';

describe.skipIf(!chromiumPresent)('engram view in a real headless Chromium (after engram demo)', () => {
  let view: ViewInChromium;
  let demo: DemoHome;
  let errors: string[];

  const open = (path: string, viewport = { width: 1280, height: 900 }): Promise<Page> => view.open(path, { viewport });

  beforeAll(async () => {
    view = await startViewInChromium();
    ({ demo, errors } = view);
  }, 90_000);

  afterAll(async () => {
    expect(await view.close()).toBe(0);
  });

  it('every page loads without console errors, and each is screenshotted', async () => {
    const first = idOf(demo.logs[0] ?? '');
    for (const [name, path, height] of [
      ['sessions', 'sessions', 700],
      ['timeline', `sessions/${first}`, 1600],
      ['memory', 'memory', 1400],
      ['learning', 'learning', 1400],
      ['replay', `replay?log=${first}&params=${encodeURIComponent('{"acc.kill-loop":{"minKills":3}}')}`, 1100],
    ] as const) {
      const page = await open(path, { width: 1280, height });
      expect(await page.locator('nav.top a.active').count()).toBe(1);
      // The charts (@engram/charts) are drawn in the page: failures, confidence and the audit; injections and hit rate per entry.
      if (name === 'learning') expect(await page.locator('.engram-chart-plot svg.engram-chart-svg').count()).toBe(3);
      if (name === 'memory') expect(await page.locator('.engram-chart-plot svg.engram-chart-svg').count()).toBe(2);
      // Show what matters: the timeline from its first failure, an entry's provenance opened.
      if (name === 'timeline') await page.evaluate("window.scrollTo(0, (document.querySelector('li.failure')?.offsetTop ?? 0) - 260)");
      if (name === 'memory') await page.locator('.entry summary').first().click();
      const shot = join(IMAGES, `view-${name}.png`);
      await page.screenshot({ path: shot });
      expect(statSync(shot).size).toBeGreaterThan(20_000);
      await page.close();
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it("the demo session's timeline shows every tool call and every lesson of its log", async () => {
    const log = demo.logs[0] ?? '';
    const events = readLogFile(log).events;
    const page = await open(`sessions/${idOf(log)}`);
    const calls = events.filter((e) => e.type === 'executive.tool.called');
    const lessons = events.filter((e) => e.type === 'acc.lesson.detected' || e.type === 'cerebellum.lesson.learned');
    expect(calls.length).toBe(7);
    expect(lessons.length).toBe(6);
    expect(await page.locator('li[data-type="executive.tool.called"]').count()).toBe(calls.length);
    for (const e of calls) expect(await page.locator(`#e${e.seq}`).textContent()).toContain(e.type === 'executive.tool.called' ? e.data.name : '?');
    for (const e of lessons) {
      const text = e.type === 'acc.lesson.detected' ? e.data.rule : e.type === 'cerebellum.lesson.learned' ? e.data.text : '';
      expect(await page.locator(`#e${e.seq}`).textContent()).toContain(text);
      expect(await page.locator(`#e${e.seq}`).getAttribute('class')).toBe('lesson');
    }
    expect(await page.locator('li.failure').count()).toBe(events.filter((e) => (e.type === 'executive.tool.resulted' && !e.data.ok) || (e.type === 'scratchpad.cell.executed' && !e.data.ok) || e.type === 'scratchpad.cell.killed').length);
    await page.close();
    expect(errors).toEqual([]);
  });

  it("a memory entry's provenance link leads to the encoding event in its session's timeline", async () => {
    const page = await open('memory');
    const entry = page.locator('.entry', { hasText: 'Use ONE scratchpad name per task' }).first();
    await entry.locator('details:not(.edit) > summary').first().click();
    const link = entry.locator('a.prov').first();
    const href = (await link.getAttribute('href')) ?? '';
    const [, session, seq] = /^\/sessions\/([^#]+)#e(\d+)$/.exec(href) ?? [];
    const target = readLogFile(join(demo.eventsDir, `${session ?? ''}.jsonl`)).events.find((e) => e.seq === Number(seq));
    expect(target?.type).toBe('hippocampus.engram.encoded');
    expect(target?.type === 'hippocampus.engram.encoded' ? target.data.engram.text : '').toContain('Use ONE scratchpad name per task');
    await link.click();
    await page.waitForURL(`**${href}`);
    const anchored = page.locator(`li#e${seq ?? ''}`);
    expect(await anchored.getAttribute('data-type')).toBe('hippocampus.engram.encoded');
    expect(await page.evaluate<string | undefined>("document.querySelector(':target')?.id")).toBe(`e${seq ?? ''}`);
    expect(await anchored.isVisible()).toBe(true);
    await page.close();
    expect(errors).toEqual([]);
  });

  it('the live timeline shows an event appended to the log after the page opened', async () => {
    // A session still running: the demo's second log without its end.
    const live = join(demo.eventsDir, '20991231_120000_0a0a.jsonl');
    const lines = readFileSync(demo.logs[1] ?? '', 'utf8').trim().split('\n').slice(0, -1);
    writeFileSync(live, `${lines.join('\n')}\n`);
    const last = JSON.parse(lines.at(-1) ?? '{}') as { seq: number; sessionId: string; at: string };
    // Live while a process holds the session, as a running chat does.
    const lease = await createBrain({ home: demo.home, project: demo.project }).holdSession('20991231_120000_0a0a');
    if (lease === 'taken') throw new Error('the session is held elsewhere');
    const page = await open('sessions/20991231_120000_0a0a', { width: 1280, height: 900 });
    expect(await page.locator('h1 .pill.live').count()).toBe(1);
    // A locator, not waitForFunction: that evaluates its predicate with eval in the page, which the
    // page's Content-Security-Policy refuses (a clean-clone run caught it when the stream was not
    // connected at the first check and polling began).
    await page.locator('body[data-live="connected"]').waitFor({ state: 'attached', timeout: 10_000 });
    const seq = last.seq + 1;
    appendFileSync(
      live,
      `${JSON.stringify({ seq, id: 'live-appended', at: new Date().toISOString(), sessionId: last.sessionId, turn: 2, round: 0, source: 'executive', causationId: null, type: 'executive.turn.started', v: 1, data: { message: 'Now chart the Q3 totals per region.' } })}\n`,
    );
    await page.locator(`#e${seq}`).waitFor({ timeout: 10_000 });
    expect(await page.locator(`#e${seq}`).textContent()).toContain('Now chart the Q3 totals per region.');
    await page.locator(`#e${seq}`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(IMAGES, 'view-live.png') });
    await page.close();
    await lease();
    expect(errors).toEqual([]);
  }, 30_000);

  it('a link to an event of a long session that is not on its first page lands on the page holding it', async () => {
    // The demo's first log repeated to 4,500 events: three timeline pages of 2,000.
    const lines = readFileSync(demo.logs[0] ?? '', 'utf8').trim().split('\n');
    const long = Array.from({ length: 4_500 }, (_, i) => JSON.stringify({ ...(JSON.parse(lines[i % lines.length] ?? '{}') as object), seq: i + 1, id: `long-${i + 1}`, sessionId: '20991231_130000_1009' }));
    writeFileSync(join(demo.eventsDir, '20991231_130000_1009.jsonl'), `${long.join('\n')}\n`);
    const page = await open('sessions/20991231_130000_1009#e4321');
    await page.waitForURL('**/sessions/20991231_130000_1009?at=4321#e4321');
    await page.locator('li#e4321').waitFor({ timeout: 10_000 });
    expect(await page.evaluate<string | undefined>("document.querySelector(':target')?.id")).toBe('e4321');
    expect(await page.locator('ol.timeline > li').count()).toBeLessThanOrEqual(2_000);
    await page.close();
    expect(errors).toEqual([]);
  }, 30_000);
});
