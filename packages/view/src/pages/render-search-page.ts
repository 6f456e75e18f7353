import type { SearchView } from '../view-source.js';
import { escapeHtml, urlPart } from './escape-html.js';
import { shortTime } from './format.js';

/** Characters of an episode shown on the page; the timeline has the rest. */
const EPISODE_CHARS = 400;

const cut = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The search form: a plain GET, so it works without JavaScript and a result page is a link. */
const searchForm = (query: string): string =>
  `<form class="search" action="/search" method="get" role="search"><input type="search" name="q" value="${escapeHtml(query)}" placeholder="Ask a question, or &quot;quote&quot; exact words" aria-label="Search memory and sessions" size="48"> <button type="submit">Search</button></form>`;

/**
 * The Search page: the form, then what memory holds and what the sessions said, each best first,
 * by the same ranked recall the agent uses (a quoted query matches the exact words).
 */
export const renderSearchPage = (view: SearchView | null): string => {
  const head = `<h1>Search</h1><p class="sub">Memory and sessions, ranked by the recall the agent uses: ask in plain words; put words in "quotes" to match them exactly.</p>${searchForm(view?.query ?? '')}`;
  if (view === null || view.query.trim() === '') return head;
  const note = view.problems.length === 0 ? '' : `<div class="note">${view.problems.length} unreadable episode line(s) were skipped.</div>`;
  const entries =
    view.entries.length === 0
      ? '<p class="sub">No memory entry matches.</p>'
      : `<ol class="results" id="memory-results">${view.entries
          .map(({ scope, entry }) => `<li><span class="pill">${escapeHtml(scope)} ${escapeHtml(entry.kind ?? entry.section ?? 'entry')}</span> ${escapeHtml(entry.text)} <span class="sub mono">${escapeHtml(entry.id)}</span></li>`)
          .join('\n')}</ol>`;
  const turns =
    view.turns.length === 0
      ? '<p class="sub">No session turn matches.</p>'
      : `<ol class="results" id="session-results">${view.turns
          .map((t) => {
            const session = t.logId === null ? `<span class="mono">${escapeHtml(t.session)}</span>` : `<a class="mono" href="/sessions/${urlPart(t.logId)}">${escapeHtml(t.session)}</a>`;
            const lines = t.episodes.map((e) => `<div${e.hit ? ' class="hit"' : ''}><span class="sub">${escapeHtml(shortTime(e.ts))} (${escapeHtml(e.role)})</span> ${escapeHtml(cut(e.content, EPISODE_CHARS))}</div>`).join('');
            return `<li>${session}${lines}</li>`;
          })
          .join('\n')}</ol>`;
  return `${head}${note}<h2>Memory</h2>${entries}<h2>Sessions</h2>${turns}`;
};
