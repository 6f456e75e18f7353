import { sessionStatus } from './session-status.js';
import type { TimelineWindow } from '../data/timeline-window.js';
import type { SessionTimeline } from '../view-source.js';
import { escapeHtml } from './escape-html.js';
import { problemLines } from './problem-lines.js';
import { plural, shortTime } from './format.js';
import { renderTimelineItem } from './render-timeline-item.js';
import { filterQuery, NO_FILTER, regionOf, type TimelineFilter } from '../data/timeline-filter.js';

/** Links to the other pages of a long session: the newest events are on the last. */
const pager = (w: TimelineWindow, f: TimelineFilter): string => {
  if (w.pages <= 1) return '';
  const link = (page: number, text: string) => (page < 1 || page > w.pages ? `<span class="zero">${text}</span>` : `<a href="${escapeHtml(filterQuery(f, { page: String(page) }))}">${text}</a>`);
  return `<p class="sub pager">Events ${w.offset + 1}–${w.offset + w.items.length} of ${w.total} · page ${w.page} of ${w.pages} · ${link(1, 'first')} · ${link(w.page - 1, '← earlier')} · ${link(w.page + 1, 'later →')} · ${link(w.pages, 'last')}</p>`;
};

/** The filter form of a timeline page (GET: works without script): region, kind, words, collapse. */
const filterForm = (t: SessionTimeline, f: TimelineFilter, shown: number | null): string => {
  const options = (name: string, values: readonly string[], chosen: string | null) =>
    `<select name="${name}" id="filter-${name}"><option value="all">every ${name}</option>${values.map((v) => `<option value="${escapeHtml(v)}"${v === chosen ? ' selected' : ''}>${escapeHtml(v)}</option>`).join('')}</select>`;
  const regions = [...new Set(t.items.map((i) => regionOf(i.type)))].sort();
  const kinds = [...new Set(t.items.map((i) => i.tone))].sort();
  const count = shown === null ? '' : ` <span class="sub">${plural(shown, 'event')} of ${t.items.length} match · <a href="?">clear</a></span>`;
  return `<form method="get" class="filters card"><label for="filter-region">Region</label> ${options('region', regions, f.region)} <label for="filter-kind">Kind</label> ${options('kind', kinds, f.kind)} <label for="filter-q">Search</label> <input type="search" name="q" id="filter-q" value="${escapeHtml(f.q)}" placeholder="words in the events"> <label><input type="checkbox" name="collapse" value="1"${f.collapse ? ' checked' : ''}> collapse bodies</label> <button type="submit">Show</button>${count}</form>`;
};

/**
 * The header and event list of one session (no page around it): the app's page and `--html` files
 * share it. With a window, only its items are drawn, with links to the other pages; a live page
 * follows the log only on the last page (`data-follow`), where new events belong.
 */
export const renderTimeline = (t: SessionTimeline, options: { readonly live: boolean; readonly window?: TimelineWindow; readonly filter?: TimelineFilter; readonly shown?: number }): string => {
  const r = t.row;
  const w = options.window;
  const f = options.filter ?? NO_FILTER;
  const items = w?.items ?? t.items;
  const narrowed = f.region !== null || f.kind !== null || f.q !== '';
  // A filtered page does not follow the log: new events would not be filtered.
  const follow = options.live && r.open && !narrowed && (w === undefined || w.page === w.pages);
  const status = sessionStatus(r);
  const facts = [plural(r.turns, 'turn'), plural(r.failures, 'failure'), plural(r.lessons, 'lesson'), plural(r.nudges, 'nudge'), plural(r.events, 'event')];
  const problems = t.problems.length === 0 ? '' : `<div class="note">${t.problems.length} bad line${t.problems.length === 1 ? '' : 's'} skipped:<br>${problemLines(t.problems)}</div>`;
  const nav = w === undefined ? '' : pager(w, f);
  const form = options.live ? filterForm(t, f, narrowed ? (options.shown ?? items.length) : null) : '';
  return `<section class="session" data-session="${escapeHtml(r.id)}">
<h1>Session ${escapeHtml(r.id)} ${status}</h1>
<p class="sub">${escapeHtml(shortTime(r.startedAt))} UTC · ${facts.join(' · ')}${follow ? ' · new events appear as they are written' : ''}</p>
${problems}${form}${nav}<ol class="timeline${f.collapse ? ' collapsed' : ''}" data-last-seq="${items.at(-1)?.seq ?? 0}"${follow ? ' data-follow="yes"' : ''}>${items.map((i) => renderTimelineItem(i, f.collapse)).join('\n')}</ol>${nav}</section>`;
};
