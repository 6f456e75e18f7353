import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { chartHead } from '@engram/charts';
import type { EngramScope } from '@engram/kernel';
import { timelineItems } from '../data/timeline-items.js';
import { timelineWindow } from '../data/timeline-window.js';
import { filterTimeline, timelineFilterOf } from '../data/timeline-filter.js';
import { followLog } from '../effects/follow-log.js';
import { renderConfirmBody, type ActionForm } from '../pages/render-action-form.js';
import { escapeHtml } from '../pages/escape-html.js';
import { renderLayout, type Section } from '../pages/render-layout.js';
import { renderLearningPage } from '../pages/render-learning-page.js';
import { renderMemoryPage } from '../pages/render-memory-page.js';
import { renderReplayPage } from '../pages/render-replay-page.js';
import { renderSearchPage } from '../pages/render-search-page.js';
import { renderSessionsPage } from '../pages/render-sessions-page.js';
import { renderTimeline } from '../pages/render-timeline.js';
import { renderTimelineItem } from '../pages/render-timeline-item.js';
import type { ViewSource } from '../view-source.js';
import { refusalOf } from './request-guard.js';

/** A form body larger than this is refused: the app's forms send an id, a scope and a token. */
const MAX_FORM_BYTES = 64 * 1024;
/** A search longer than this is a paste, not a question: the rest is ignored (the ranking reads words, and a page of them is enough). */
const MAX_QUERY_CHARS = 2000;
/** A comment line on an idle live stream, so proxies and the browser keep it open. */
const HEARTBEAT_MS = 15_000;

export interface ViewHandler {
  /** Answers one request (the DNS-rebinding guard first). */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** The per-server token every write action must carry. */
  readonly token: string;
  /** Ends the live streams still open. */
  readonly close: () => void;
}

/**
 * A long session's timeline is drawn a page at a time: a link to `#e<seq>` on another page goes to
 * `?at=<seq>`, the page that holds it. On a running session's last page it follows the log:
 * appends each streamed item and marks it fresh.
 */
const LIVE_SCRIPT = `(() => {
  const list = document.querySelector('ol.timeline');
  if (!list) return;
  const to = /^#e(\\d+)$/.exec(location.hash);
  if (to && !document.getElementById(location.hash.slice(1)) && !new URLSearchParams(location.search).has('at')) return location.replace('?at=' + to[1] + location.hash);
  if (list.dataset.follow !== 'yes') return;
  const es = new EventSource(location.pathname + '/live?after=' + encodeURIComponent(list.dataset.lastSeq || '0'));
  es.onopen = () => { document.body.dataset.live = 'connected'; };
  es.addEventListener('item', (ev) => {
    const d = JSON.parse(ev.data);
    if (document.getElementById(d.anchor)) return;
    list.insertAdjacentHTML('beforeend', d.html);
    list.dataset.lastSeq = String(d.seq);
    const li = document.getElementById(d.anchor);
    if (li) li.classList.add('fresh');
  });
})();`;

const securityHeaders = (nonce: string | null): Record<string, string> => ({
  'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'${nonce === null ? '' : `; script-src 'nonce-${nonce}'`}`,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // Not `no-referrer`: under it Chromium posts this app's own forms with `Origin: null`, which the
  // rebinding guard refuses. `same-origin` sends the real origin to this server and nothing to any other.
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
});

const send = (res: ServerResponse, status: number, type: string, body: string, nonce: string | null = null): void => {
  res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, ...securityHeaders(nonce) });
  res.end(body);
};

/** A path segment as text, or null when its percent-encoding is broken (`%E0%A4%A`): a 404, not a 500. */
const decodeSegment = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** A whole number from a query parameter, or null. */
const intParam = (url: URL, name: string): number | null => {
  const v = url.searchParams.get(name);
  return v !== null && /^\d{1,15}$/.test(v) ? Number(v) : null;
};

const sameToken = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const readForm = (req: IncomingMessage): Promise<URLSearchParams | null> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_FORM_BYTES) {
        resolve(null);
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });

/**
 * The web app's one request handler (node:http): server-rendered pages, a small JSON API under
 * /api, a live stream per session (server-sent events), and the few write actions (POST only,
 * with the server's token, confirmed on a page of their own). Every request must be addressed to
 * this server (`refusalOf`); nothing is shared cross-origin (no CORS headers).
 */
export const createViewHandler = (source: ViewSource, options: { readonly token?: string } = {}): ViewHandler => {
  const token = options.token ?? randomBytes(24).toString('hex');
  const streams = new Set<() => void>();
  const where = source.project ?? source.home;

  const page = (res: ServerResponse, status: number, title: string, section: Section | null, body: string, script?: string): void => {
    const nonce = randomBytes(16).toString('base64');
    const head = body.includes('class="engram-chart') ? chartHead() : undefined;
    const html = renderLayout({ title, section, where, body, ...(head === undefined ? {} : { head }), ...(script === undefined ? {} : { script }) });
    // Every literal <script> is one this server wrote: text from logs and memory is escaped, and
    // chart data is embedded with `<` escaped, so none can open a tag of its own.
    const scripted = html.replaceAll('<script>', `<script nonce="${nonce}">`);
    send(res, status, 'text/html', scripted, scripted === html ? null : nonce);
  };
  /** Signs the banner of an action's outcome with the server's token (see /memory). */
  const flashSig = (key: string, message: string): string => createHmac('sha256', token).update(`${key}\n${message}`).digest('hex');
  const notFound = (res: ServerResponse, what: string) => page(res, 404, 'Not found', null, `<h1>Not found</h1><p class="sub">${escapeHtml(what)}</p><p><a href="/sessions">Back to the sessions</a></p>`);
  const json = (res: ServerResponse, value: unknown) => send(res, 200, 'application/json', JSON.stringify(value));

  const live = (req: IncomingMessage, res: ServerResponse, id: string, url: URL): void => {
    const file = source.logFile(id);
    if (file === null) return notFound(res, `no session log named ${id}`);
    const fromHeader = Number(req.headers['last-event-id'] ?? Number.NaN);
    const after = Number.isInteger(fromHeader) ? fromHeader : Math.max(0, Number.parseInt(url.searchParams.get('after') ?? '0', 10) || 0);
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive', ...securityHeaders(null) });
    res.write(': following\n\n');
    const stopFollowing = followLog(file, after, (events) => {
      for (const item of timelineItems(events)) res.write(`id: ${item.seq}\nevent: item\ndata: ${JSON.stringify({ anchor: item.anchor, seq: item.seq, html: renderTimelineItem(item) })}\n\n`);
    });
    const beat = setInterval(() => res.write(': beat\n\n'), HEARTBEAT_MS);
    const stop = () => {
      stopFollowing();
      clearInterval(beat);
      streams.delete(stop);
      res.end();
    };
    streams.add(stop);
    req.on('close', stop);
  };

  const act = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    const form = await readForm(req);
    if (form === null) return send(res, 413, 'text/plain', 'form too large');
    if (!sameToken(form.get('token') ?? '', token)) return send(res, 403, 'text/plain', 'refused: this action needs the token of the page that offered it');
    const id = form.get('id') ?? '';
    const decision = form.get('decision') === 'accept' ? 'accept' : 'reject';
    let action: ActionForm;
    let what: string;
    let details: string[] = [];
    let run: () => Promise<{ ok: boolean; message: string }>;
    if (path === '/actions/remove') {
      const scope: EngramScope = form.get('scope') === 'project' ? 'project' : 'global';
      action = { path, fields: { scope, id }, label: 'Remove the entry', danger: true };
      what = `Remove entry ${id} from ${scope} memory? This is what \`engram memory remove ${id} --scope ${scope}\` does; the removal is recorded for the audit.`;
      run = () => source.removeEntry(scope, id);
    } else if (path === '/actions/pending') {
      action = { path, fields: { decision, id }, label: decision === 'accept' ? 'Store it' : 'Drop it', danger: decision === 'reject' };
      what = `${decision === 'accept' ? 'Store' : 'Drop'} pending entry ${id}? (\`engram memory pending ${decision} ${id}\`)`;
      run = () => source.decidePending(decision, id);
    } else if (path === '/actions/quarantine') {
      action = { path, fields: { decision, id }, label: decision === 'accept' ? 'Vouch for it and store it' : 'Delete it for good', danger: decision === 'reject' };
      what = `${decision === 'accept' ? 'Store the held entry with trust user' : 'Delete the held entry'} ${id}? (\`engram memory quarantine ${decision} ${id}\`)`;
      run = () => source.decideQuarantined(decision, id);
    } else if (path === '/actions/memorize') {
      const scope: EngramScope = form.get('scope') === 'global' ? 'global' : 'project';
      const text = (form.get('text') ?? '').trim();
      const kind = form.get('kind') ?? 'lesson';
      const supersedes = (form.get('supersedes') ?? '').trim();
      action = { path, fields: { scope, text, kind, ...(supersedes === '' ? {} : { supersedes }) }, label: supersedes === '' ? 'Store it' : 'Store it and retire the old one' };
      what =
        supersedes === ''
          ? `Store this ${kind} in ${scope} memory? It goes through the same screen as the memorize tool: text that reads as an instruction is held in quarantine for review.`
          : `Replace entry ${supersedes} with this ${kind} (${scope})? The old entry is retired into the history once the new one is stored; text that reads as an instruction is held in quarantine instead, and the old entry stays.`;
      details = [text];
      run = () => source.memorize({ text, kind, scope, ...(supersedes === '' ? {} : { supersedes }) });
    } else if (path === '/actions/forget') {
      const subject = form.get('subject') ?? '';
      let preview;
      try {
        preview = await source.forget(subject, false);
      } catch (err) {
        return page(res, 400, 'Forget', 'memory', `<h1>Forget</h1><div class="note">${escapeHtml(err instanceof Error ? err.message : String(err))}</div><p><a href="/memory">Back to memory</a></p>`);
      }
      action = { path, fields: { subject }, label: 'Forget it everywhere', danger: true };
      what = preview.items.length === 0 ? `Nothing under the home or the project mentions ${JSON.stringify(subject)}.` : `Forget ${JSON.stringify(subject)}? This is \`engram memory forget … --yes\`: it cannot be undone.`;
      details = preview.items.map((i) => `${i.store}: ${i.action === 'redact' ? `${i.count} occurrence(s) redacted` : i.action === 'keep' ? 'your own file, left as it is' : i.action === 'rebuild' ? 'rebuilt' : `${i.count} removed`} in ${i.file}`);
      run = async () => {
        const r = await source.forget(subject, true);
        return { ok: true, message: `forgot ${JSON.stringify(subject)}: ${r.items.length} file(s) changed` };
      };
    } else return notFound(res, path);
    if (form.get('confirm') !== 'yes') return page(res, 200, 'Confirm', 'memory', renderConfirmBody(action, token, what, details));
    const outcome = await run();
    const key = outcome.ok ? 'done' : 'failed';
    res.writeHead(303, { Location: `/memory?${key}=${encodeURIComponent(outcome.message)}&sig=${flashSig(key, outcome.message)}`, ...securityHeaders(null) });
    res.end();
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refusal = refusalOf(req);
    if (refusal !== null) return send(res, 403, 'text/plain', `refused: ${refusal}`);
    const url = new URL(req.url ?? '/', 'http://view.invalid');
    const path = url.pathname;
    if (req.method === 'POST') {
      if (path.startsWith('/actions/')) return act(req, res, path);
      return send(res, 405, 'text/plain', 'method not allowed');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'method not allowed');
    if (path === '/' || path === '/index.html') {
      res.writeHead(302, { Location: '/sessions', ...securityHeaders(null) });
      return void res.end();
    }
    if (path === '/sessions') {
      const { rows, problems } = source.sessions();
      return page(res, 200, 'Sessions', 'sessions', renderSessionsPage(rows, problems));
    }
    const session = /^\/sessions\/([^/]+)(\/live)?$/.exec(path);
    if (session !== null) {
      const id = decodeSegment(session[1] ?? '');
      if (id === null) return notFound(res, 'a session id with broken percent-encoding');
      if (session[2] !== undefined) return live(req, res, id, url);
      const t = source.timeline(id);
      if (t === null) return notFound(res, `no session log named ${id}`);
      // A running session opens on its last page, where new events appear; an ended one on its first.
      const filter = timelineFilterOf(url.searchParams);
      const shown = filterTimeline(t.items, filter);
      const window = timelineWindow(shown, { page: intParam(url, 'page') ?? (t.row.open ? Number.MAX_SAFE_INTEGER : null), at: intParam(url, 'at') });
      return page(res, 200, `Session ${id}`, 'sessions', renderTimeline(t, { live: true, window, filter, shown: shown.length }), LIVE_SCRIPT);
    }
    if (path === '/memory') {
      const done = url.searchParams.get('done');
      const failed = url.searchParams.get('failed');
      const sig = url.searchParams.get('sig') ?? '';
      // Only this server's own redirect after an action shows a banner: a link from elsewhere
      // (`/memory?done=Run this command…`) cannot make the page say what it never did.
      const flash = done !== null && sameToken(sig, flashSig('done', done)) ? done : failed !== null && sameToken(sig, flashSig('failed', failed)) ? `Not done: ${failed}` : null;
      // Where each long list starts (`?project-lessons=200`): the page draws a few hundred entries per list.
      const offsets = Object.fromEntries([...url.searchParams].filter(([k, v]) => /^(global|project)-(rules|lessons|profile)$/.test(k) && /^\d{1,9}$/.test(v)).map(([k, v]) => [k, Number(v)]));
      const body = renderMemoryPage(await source.memory(), token, flash, offsets);
      return page(res, 200, 'Memory', 'memory', body);
    }
    if (path === '/search') {
      // A plain GET form: the query is in the URL, the page works without JavaScript and can be linked.
      const q = (url.searchParams.get('q') ?? '').slice(0, MAX_QUERY_CHARS);
      return page(res, 200, 'Search', 'search', renderSearchPage(q.trim() === '' ? null : await source.search(q)));
    }
    if (path === '/learning') return page(res, 200, 'Learning', 'learning', renderLearningPage(await source.learning()));
    if (path === '/replay') {
      const rows = source.sessions().rows;
      const chosen = url.searchParams.get('log') ?? rows[0]?.id ?? null;
      const params = url.searchParams.get('params') ?? '';
      return page(res, 200, 'Replay', 'replay', renderReplayPage(rows, chosen, params, chosen === null ? null : source.replay(chosen, params)));
    }
    if (path === '/api/sessions') return json(res, source.sessions());
    const apiSession = /^\/api\/sessions\/([^/]+)$/.exec(path);
    if (apiSession !== null) {
      const id = decodeSegment(apiSession[1] ?? '');
      const t = id === null ? null : source.timeline(id);
      if (t === null) return send(res, 404, 'application/json', JSON.stringify({ error: 'no such session' }));
      const { items, page: shown, pages, total } = timelineWindow(t.items, { page: intParam(url, 'page'), at: intParam(url, 'at') });
      return json(res, { ...t, items, page: shown, pages, total });
    }
    if (path === '/api/memory') return json(res, await source.memory());
    if (path === '/api/learning') return json(res, await source.learning());
    if (path === '/api/replay') {
      const log = url.searchParams.get('log');
      return log === null ? send(res, 400, 'application/json', JSON.stringify({ error: 'log= is required' })) : json(res, source.replay(log, url.searchParams.get('params')));
    }
    return notFound(res, path);
  };

  return {
    token,
    handle: (req, res) => {
      route(req, res).catch((err: unknown) => {
        if (res.headersSent) return void res.end();
        send(res, 500, 'text/plain', `engram view: ${err instanceof Error ? err.message : String(err)}`);
      });
    },
    close: () => {
      for (const stop of [...streams]) stop();
    },
  };
};
