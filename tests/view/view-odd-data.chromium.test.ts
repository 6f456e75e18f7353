import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrain } from '@engram/runtime';
import { chromiumPresent } from '../support/offline-chromium.js';
import type { DemoHome } from './view-demo.js';
import { startViewInChromium, type ViewInChromium } from './view-in-chromium.js';

/** Ordinary MCP tool names (`mcp__server__tool`): three of them in a habit chain are longer than a chart's series name may be. */
const MCP_TOOLS = ['mcp__github_enterprise__create_pull_request_review_comment', 'mcp__filesystem_workspace__read_multiple_text_files', 'mcp__postgres_analytics__describe_table_columns_verbose'];
/** Stored entries in the big memory. */
const ENTRIES = 10_000;
const SESSIONS = 5;

/** A session log of one turn calling the MCP tools in the same order, as a host's hooks record it. */
const mcpSession = (dir: string, n: number): void => {
  const sessionId = `20991230_1${n}0000_mcp${n}`;
  const base = Date.parse('2099-12-30T10:00:00.000Z') + n * 3_600_000;
  let seq = 0;
  const line = (type: string, data: object, turn = 1): string => {
    seq++;
    return JSON.stringify({ seq, id: `mcp${n}-${seq}`, at: new Date(base + seq * 1_000).toISOString(), sessionId, turn, round: 1, source: 'executive', causationId: null, type, v: type === 'executive.tool.resulted' ? 2 : 1, data });
  };
  const lines = [line('executive.session.started', { project: dir, home: dir, modes: { memory: 'autopilot', acc: 'active' } }, 0), line('executive.turn.started', { message: `review pull request ${n}` })];
  for (const [i, name] of [...MCP_TOOLS, ...MCP_TOOLS].entries()) {
    lines.push(line('executive.tool.called', { toolUseId: `t${i}`, name, input: { n: i }, argsSummary: `{"n":${i}}` }));
    lines.push(line('executive.tool.resulted', { toolUseId: `t${i}`, name, ok: true, error: '', output: 'done', durationMs: 5 }));
  }
  lines.push(line('executive.session.ended', { reason: 'exit' }));
  writeFileSync(join(dir, `${sessionId}.jsonl`), `${lines.join('\n')}\n`);
};

describe.skipIf(!chromiumPresent)('odd data never takes a page down, in Chromium (MCP tool names, 10,000 entries, exited chats, long timelines)', () => {
  let view: ViewInChromium;
  let demo: DemoHome;
  let errors: string[];

  const open = (path: string, javaScriptEnabled = true): Promise<Page> => view.open(path, { javaScriptEnabled });

  beforeAll(async () => {
    view = await startViewInChromium((d) => {
      for (let n = 1; n <= SESSIONS; n++) mcpSession(d.eventsDir, n);
      const lessons = join(d.project, '.engram', 'memory', 'lessons.md');
      const many = Array.from({ length: ENTRIES }, (_, i) => `- Entry ${i} of a big memory: ${MCP_TOOLS[i % 3] ?? ''} answers within ${i} ms. <!-- confidence:high source:user ts:2026-11-28 at:2026-11-28T10:00:00.000Z id:${i.toString(16).padStart(16, '0')} trust:user -->`);
      appendFileSync(lessons, `${many.join('\n')}\n`);
    });
    ({ demo, errors } = view);
  }, 90_000);

  afterAll(async () => {
    expect(await view.close()).toBe(0);
  });

  it('the Learning page of a project whose sessions call MCP tools draws its charts, with shortened labels', async () => {
    const page = await open('learning');
    expect(await page.locator('.engram-chart-plot svg.engram-chart-svg').count()).toBe(3);
    const pattern = page.locator('table[data-chart="confidence"] td span[title*="mcp__github_enterprise__"]').first();
    expect(((await pattern.getAttribute('title')) ?? '').length).toBeGreaterThan(120);
    expect(((await pattern.textContent()) ?? '').length).toBeLessThanOrEqual(120);
    expect(await page.locator('#chart-confidence').textContent()).toContain('…');
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('0% and "no data" read differently in the audit chart and its table', async () => {
    const page = await open('learning');
    const labels = await page.locator('#chart-audit svg.engram-chart-svg text').allTextContents();
    const cells = await page.locator('table[data-chart="audit"] tbody tr').allTextContents();
    expect(cells.length).toBe(3);
    for (const row of cells) {
      const name = ['hit rate', 'false-learning rate', 'promotion precision'].find((n) => row.startsWith(n)) ?? '';
      const shown = labels.find((l) => l.startsWith(`${name} · `)) ?? '';
      // Each metric's axis label says its value: "no data" where the table says so, a percentage (0% too) otherwise.
      expect(shown, row).toMatch(row.includes('no data') ? / · no data$/ : / · \d+(\.\d)?%$/);
    }
    expect(labels.some((l) => l.endsWith(' · no data'))).toBe(true);
    await page.context().close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('a memory of 10,000 entries is shown a few hundred at a time, every one reachable', async () => {
    let page = await open('memory', false);
    expect(await page.locator('p.sub').first().textContent()).toMatch(/^100\d\d stored entries/);
    expect(await page.locator('.entry').count()).toBeLessThanOrEqual(3 * 200);
    await Promise.all([page.waitForURL('**project-lessons=200**'), page.locator('#list-project-lessons ~ p.pager a', { hasText: 'later →' }).first().click()]);
    expect(await page.locator('.entry', { hasText: 'Entry 198 of a big memory' }).count()).toBe(1);
    await page.context().close();
    page = await open(`memory?project-lessons=${ENTRIES - 100}`, false);
    expect(await page.locator('.entry', { hasText: `Entry ${ENTRIES - 1} of a big memory` }).count()).toBe(1);
    await page.context().close();
  }, 120_000);

  it('a chat that exited without ending is not live; it is live only while a process holds it', async () => {
    const id = '20991231_120000_0b0b';
    const lines = readFileSync(demo.logs[1] ?? '', 'utf8').trim().split('\n').slice(0, -1);
    writeFileSync(join(demo.eventsDir, `${id}.jsonl`), `${lines.join('\n')}\n`);
    const row = (page: Page) => page.locator('table.sessions tr', { has: page.locator(`a[href="/sessions/${id}"]`) });
    let page = await open('sessions', false);
    expect(await row(page).locator('.pill.live').count()).toBe(0);
    expect(await row(page).textContent()).toContain('not ended');
    await page.context().close();
    const lease = await createBrain({ home: demo.home, project: demo.project }).holdSession(id);
    expect(lease).not.toBe('taken');
    try {
      page = await open('sessions', false);
      expect(await row(page).locator('.pill.live').count()).toBe(1);
      await page.context().close();
      page = await open(`sessions/${id}`, false);
      expect(await page.locator('h1 .pill.live').count()).toBe(1);
      await page.context().close();
    } finally {
      if (lease !== 'taken') await lease();
    }
    page = await open(`sessions/${id}`, false);
    expect(await page.locator('h1 .pill.live').count()).toBe(0);
    expect(await page.locator('h1').textContent()).toContain('not ended');
    await page.context().close();
  }, 60_000);

  it('the timeline narrows by region, kind and search, and collapses, with JavaScript off', async () => {
    const first = (demo.logs[0] ?? '').split('/').pop()?.replace('.jsonl', '') ?? '';
    const page = await open(`sessions/${first}`, false);
    const all = await page.locator('ol.timeline > li').count();
    await page.locator('#filter-region').selectOption('acc');
    await Promise.all([page.waitForURL('**region=acc**'), page.getByRole('button', { name: 'Show' }).click()]);
    const types = await page.evaluate<string[]>("[...document.querySelectorAll('ol.timeline > li')].map((e) => e.getAttribute('data-type') ?? '')");
    expect(types.length).toBeGreaterThan(0);
    expect(types.length).toBeLessThan(all);
    expect(types.every((t) => t.startsWith('acc.'))).toBe(true);
    await page.locator('#filter-region').selectOption('all');
    await page.locator('#filter-kind').selectOption('failure');
    await Promise.all([page.waitForURL('**kind=failure**'), page.getByRole('button', { name: 'Show' }).click()]);
    const tones = await page.evaluate<string[]>("[...document.querySelectorAll('ol.timeline > li')].map((e) => e.className)");
    expect(tones.length).toBeGreaterThan(0);
    expect(tones.every((c) => c === 'failure')).toBe(true);
    await page.locator('#filter-kind').selectOption('all');
    await page.locator('#filter-q').fill('scratchpad name');
    await page.locator('input[name="collapse"]').check();
    await Promise.all([page.waitForURL('**q=scratchpad**'), page.getByRole('button', { name: 'Show' }).click()]);
    const texts = await page.locator('ol.timeline > li').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((t) => t.toLowerCase().includes('scratchpad') && t.toLowerCase().includes('name'))).toBe(true);
    expect(await page.locator('ol.timeline > li details').count()).toBeGreaterThan(0);
    expect(await page.locator('ol.timeline > li > pre').count()).toBe(0);
    await page.context().close();
  }, 60_000);
});
