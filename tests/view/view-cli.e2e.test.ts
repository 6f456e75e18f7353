import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '@engram/store';
import { runCli } from '../cli/run-cli.js';
import { demoHome, startCliForUrl, stopCli, type DemoHome } from './view-demo.js';

describe('engram view (built CLI, after engram demo)', () => {
  let demo: DemoHome;
  beforeAll(() => {
    demo = demoHome();
  }, 60_000);

  it('--html FILE LOG... writes one self-contained file holding every tool call and lesson of each log', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'engram-view-html-')), 'sessions.html');
    const r = runCli(['view', '--html', file, ...demo.logs]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const html = readFileSync(file, 'utf8');
    // Nothing to fetch: no script, no external URL, no link to a server page.
    expect(html).not.toMatch(/<script|https?:\/\/|src="\/|href="\//);
    for (const log of demo.logs) {
      const id = log.split('/').pop()?.replace('.jsonl', '') ?? '';
      for (const e of readLogFile(log).events) {
        if (e.type === 'executive.tool.called' || e.type === 'acc.lesson.detected' || e.type === 'cerebellum.lesson.learned') expect(html).toContain(`id="${id}-e${e.seq}"`);
      }
    }
  });

  it('--html without a log, and a log without --html, are usage errors; an unreadable log fails', () => {
    expect(runCli(['view', '--html', join(tmpdir(), 'x.html')]).status).toBe(2);
    expect(runCli(['view', demo.logs[0] ?? '']).status).toBe(2);
    const missing = runCli(['view', '--html', join(tmpdir(), 'y.html'), join(tmpdir(), 'no-such-log.jsonl')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('no-such-log.jsonl');
  });

  it('with a PostgreSQL store active, the app refuses in one line saying what works (exit 2); --html still draws the logs it is given', () => {
    const env = { ENGRAM_STORE: 'postgres://engram@127.0.0.1:1/engram' };
    const refused = runCli(['view', '--home', demo.home, '--project', demo.project], env);
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe('engram view: the web app shows the files, not a PostgreSQL store (ENGRAM_STORE is set): unset it to see this home and project, or draw a session of the store with `engram log export --session ID --out LOG` then `engram view --html FILE LOG`\n');
    const bad = runCli(['view', '--home', demo.home, '--project', demo.project], { ENGRAM_STORE: 'mysql://x' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('ENGRAM_STORE');
    const file = join(mkdtempSync(join(tmpdir(), 'engram-view-html-')), 'one.html');
    const html = runCli(['view', '--html', file, demo.logs[0] ?? ''], env);
    expect(html.status, html.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);
  });

  it('engram serve --view with a PostgreSQL store serves the hooks and says why the app is not started', async () => {
    const home = mkdtempSync(join(tmpdir(), 'engram-view-serve-pg-'));
    const env = { ...process.env, ENGRAM_STORE: 'postgres://engram@127.0.0.1:1/engram' };
    const { child, url: said } = await startCliForUrl(['serve', '--home', home, '--view', '--project', demo.project], 'stderr', /web app not started: [^\n]*\n[\s\S]*listening on \S+/, env);
    try {
      expect(said).toContain('the web app shows the files, not a PostgreSQL store');
      expect(said).toContain(`listening on ${join(home, 'run', 'engram.sock')}`);
    } finally {
      expect(await stopCli(child)).toBe(0);
    }
  }, 60_000);

  it('serves the app on 127.0.0.1 at a free port, prints the URL, and stops on SIGTERM', async () => {
    const { child, url } = await startCliForUrl(['view', '--home', demo.home, '--project', demo.project]);
    try {
      const page = await fetch(`${url}sessions`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(demo.logs[0]?.split('/').pop()?.replace('.jsonl', ''));
    } finally {
      expect(await stopCli(child)).toBe(0);
    }
  }, 60_000);

  it('--open hands the URL to xdg-open when one is on PATH', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'engram-view-bin-'));
    const opened = join(bin, 'opened.txt');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > ${JSON.stringify(opened)}\n`, { mode: 0o755 });
    const { child, url } = await startCliForUrl(['view', '--home', demo.home, '--project', demo.project, '--open'], 'stdout', /http:\/\/127\.0\.0\.1:\d+\//, { ...process.env, PATH: `${bin}:${process.env['PATH'] ?? ''}` });
    try {
      for (let i = 0; i < 100 && !existsSync(opened); i++) await new Promise((r) => setTimeout(r, 50));
      expect(readFileSync(opened, 'utf8')).toBe(url);
    } finally {
      expect(await stopCli(child)).toBe(0);
    }
  }, 60_000);

  it('engram serve --view serves the same app from the resident service, and engram view of that project attaches to it', async () => {
    const { child, url } = await startCliForUrl(['serve', '--home', demo.home, '--view', '--project', demo.project], 'stderr', /web app on (http:\/\/127\.0\.0\.1:\d+\/)/);
    try {
      const address = /http:\/\/127\.0\.0\.1:\d+\//.exec(url)?.[0] ?? '';
      const memory = await fetch(`${address}memory`);
      expect(memory.status).toBe(200);
      expect(await memory.text()).toContain('Use ONE scratchpad name per task');
      // `engram view` of that project attaches: the service's URL, no second server.
      const attached = runCli(['view', '--home', demo.home, '--project', demo.project]);
      expect(attached.status, attached.stderr).toBe(0);
      expect(attached.stdout).toBe(`${address}\n`);
      expect(attached.stderr).toMatch(/served by the resident service \(engram serve --view, pid \d+\)/);
    } finally {
      expect(await stopCli(child)).toBe(0);
    }
    // Another project of the same home gets its own server while the service runs (and the call
    // to the service leaves the web app's imports working: nodejs/node#51142).
    const { child: other, url: otherUrl } = await startCliForUrl(['serve', '--home', demo.home, '--view', '--project', demo.home], 'stderr', /web app on (http:\/\/127\.0\.0\.1:\d+\/)/);
    try {
      const own = await startCliForUrl(['view', '--home', demo.home, '--project', demo.project]);
      try {
        expect(own.url).not.toBe(/http:\/\/127\.0\.0\.1:\d+\//.exec(otherUrl)?.[0]);
        expect((await fetch(`${own.url}memory`)).status).toBe(200);
      } finally {
        expect(await stopCli(own.child)).toBe(0);
      }
    } finally {
      expect(await stopCli(other)).toBe(0);
    }
  }, 120_000);
});
