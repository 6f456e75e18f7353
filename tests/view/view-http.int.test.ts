import { appendFileSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '@engram/store';
import { ViewSource, startViewServer, type RunningView } from '@engram/view';
import { call } from './view-call.js';
import { demoHome, type DemoHome } from './view-demo.js';

const HOSTILE = '<script>alert("pwned")</script><img src=x onerror=alert(1)>';

describe('the engram view app over HTTP (after engram demo)', () => {
  let demo: DemoHome;
  let view: RunningView;
  let port: number;

  beforeAll(async () => {
    demo = demoHome();
    // A session whose user message is hostile, next to the demo's.
    const hostile = join(demo.eventsDir, '20991231_000000_beef.jsonl');
    writeFileSync(
      hostile,
      readFileSync(demo.logs[0] ?? '', 'utf8')
        .split('\n')
        .map((line) => (line.includes('"executive.turn.started"') ? line.replace('Summarise Q3 sales by region from sales.csv.', HOSTILE.replace(/"/g, '\\"')) : line))
        .join('\n'),
    );
    view = await startViewServer(new ViewSource({ home: demo.home, project: demo.project }));
    port = view.port;
  }, 60_000);
  afterAll(() => view.close());

  it('binds to 127.0.0.1 only', () => {
    expect(view.url).toBe(`http://127.0.0.1:${port}/`);
    expect(view.server.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it('answers its own host names and refuses any other Host or Origin with 403 (DNS rebinding), without CORS', async () => {
    expect((await call(port, '/sessions')).status).toBe(200);
    expect((await call(port, '/sessions', { host: `localhost:${port}` })).status).toBe(200);
    expect((await call(port, '/sessions', { origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    const evil = await call(port, '/sessions', { host: 'evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body).not.toContain('Summarise');
    expect((await call(port, '/api/memory', { host: `evil.example:${port}` })).status).toBe(403);
    expect((await call(port, '/sessions', { host: `127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await call(port, '/api/sessions', { origin: 'http://evil.example' })).status).toBe(403);
    expect((await call(port, '/api/sessions', { origin: 'null' })).status).toBe(403);
    const ok = await call(port, '/api/sessions');
    expect(ok.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lists every session and shows a hostile user message as text', async () => {
    const list = await call(port, '/sessions');
    for (const log of demo.logs) expect(list.body).toContain(log.split('/').pop()?.replace('.jsonl', ''));
    const page = await call(port, '/sessions/20991231_000000_beef');
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
    expect(list.body).toContain('&lt;script&gt;');
    // The one script a timeline carries is the live follower, allowed by its nonce.
    const csp = String(page.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body).toContain(`<script nonce="${nonce ?? 'none'}">`);
  });

  it('serves the JSON API with the same data as the pages', async () => {
    const sessions = JSON.parse((await call(port, '/api/sessions')).body) as { rows: { id: string; failures: number; lessons: number }[] };
    const first = sessions.rows.find((r) => demo.logs[0]?.endsWith(`${r.id}.jsonl`));
    expect(first).toMatchObject({ failures: 5, lessons: 6 });
    const timeline = JSON.parse((await call(port, `/api/sessions/${first?.id ?? ''}`)).body) as { items: { type: string }[] };
    expect(timeline.items).toHaveLength(readLogFile(demo.logs[0] ?? '').events.length);
    expect((await call(port, '/api/sessions/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('replays a log: --check passes on the demo log, and a what-if shows its verdict', async () => {
    const id = demo.logs[0]?.split('/').pop()?.replace('.jsonl', '') ?? '';
    const page = await call(port, `/replay?log=${id}`);
    expect(page.body).toContain('data-verdict="pass"');
    const whatIf = await call(port, `/replay?log=${id}&params=${encodeURIComponent('{"acc.kill-loop":{"minKills":9}}')}`);
    expect(whatIf.body).toContain('data-what-if="changed"');
    expect(whatIf.body).toContain('− acc.kill-loop');
    const bad = await call(port, `/replay?log=${id}&params=${encodeURIComponent('{"acc.kill-loop":{"minKills":"many"}}')}`);
    expect(bad.body).toContain('class="note"');
  });

  it('write actions: POST only, with the server token, confirmed on a page before anything changes', async () => {
    const memory = JSON.parse((await call(port, '/api/memory')).body) as { scopes: { scope: string; rules: { entry: { id: string; text: string } }[] }[] };
    const rule = memory.scopes.find((s) => s.scope === 'global')?.rules[0]?.entry;
    expect(rule).toBeDefined();
    const id = rule?.id ?? '';
    const rulesFile = join(demo.home, 'memory', 'rules.md');
    expect((await call(port, '/actions/remove', { method: 'GET' })).status).toBe(404);
    expect((await call(port, '/actions/remove', { form: { scope: 'global', id, token: 'guess', confirm: 'yes' } })).status).toBe(403);
    expect((await call(port, '/actions/remove', { form: { scope: 'global', id, token: view.token, confirm: 'yes' }, origin: 'http://evil.example' })).status).toBe(403);
    expect(readFileSync(rulesFile, 'utf8')).toContain(id);
    const confirm = await call(port, '/actions/remove', { form: { scope: 'global', id, token: view.token } });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toContain('name="confirm" value="yes"');
    expect(readFileSync(rulesFile, 'utf8')).toContain(id);
    const done = await call(port, '/actions/remove', { form: { scope: 'global', id, token: view.token, confirm: 'yes' } });
    expect(done.status).toBe(303);
    expect(readFileSync(rulesFile, 'utf8')).not.toContain(id);
    // Recorded for the audit, as `engram memory remove` records it.
    const after = JSON.parse((await call(port, '/api/learning')).body) as { stats: { falseLearningRate: { removed: number } } };
    expect(after.stats.falseLearningRate.removed).toBe(1);
  });

  it('forget: a preview of what would go on the confirmation page, then the same forgetting as `engram memory forget --yes`', async () => {
    const lessons = join(demo.project, '.engram', 'memory', 'lessons.md');
    const subject = 'Split slow work into small passes';
    expect(readFileSync(lessons, 'utf8')).toContain(subject);
    const preview = await call(port, '/actions/forget', { form: { subject, token: view.token } });
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('lessons: 1 removed');
    expect(readFileSync(lessons, 'utf8')).toContain(subject);
    expect((await call(port, '/actions/forget', { form: { subject: 'ab', token: view.token } })).status).toBe(400);
    const done = await call(port, '/actions/forget', { form: { subject, token: view.token, confirm: 'yes' } });
    expect(done.status).toBe(303);
    expect(readFileSync(lessons, 'utf8')).not.toContain(subject);
    expect(readFileSync(demo.logs[0] ?? '', 'utf8')).not.toContain(subject);
  });

  it('streams events appended to a log after the stream opened (the live timeline)', async () => {
    const live = join(demo.eventsDir, '20991231_000001_cafe.jsonl');
    copyFileSync(demo.logs[1] ?? '', live);
    const events = readLogFile(live).events;
    const last = events.at(-1);
    const got = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/sessions/20991231_000001_cafe/live?after=${last?.seq ?? 0}`, headers: { Host: `127.0.0.1:${port}` } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
          if (text.includes(': following') && !text.includes('event: item')) {
            appendFileSync(live, `${JSON.stringify({ ...last, seq: (last?.seq ?? 0) + 1, id: 'appended-1', source: 'executive', type: 'executive.turn.started', turn: 2, round: 0, causationId: null, v: 1, data: { message: 'appended while watching' } })}\n`);
          }
          if (text.includes('appended while watching')) {
            req.destroy();
            resolve(text);
          }
        });
      });
      req.on('error', reject);
      req.end();
      setTimeout(() => reject(new Error(`no streamed event within 10 s: ${JSON.stringify(readLogFile(live).problems)} ${readFileSync(live, "utf8").slice(-600)}`)), 10_000);
    });
    expect(got).toContain(`id: ${(last?.seq ?? 0) + 1}`);
    expect(got).toContain('event: item');
    expect(got).not.toContain('"seq":1,');
  });
});
