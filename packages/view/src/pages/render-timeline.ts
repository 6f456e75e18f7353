import type { TimelineWindow } from '../data/timeline-window.js';
import type { SessionTimeline } from '../view-source.js';
import { escapeHtml } from './escape-html.js';
import { problemLines } from './problem-lines.js';
import { plural, shortTime } from './format.js';
import { renderTimelineItem } from './render-timeline-item.js';

/** Links to the other pages of a long session: the newest events are on the last. */
const pager = (w: TimelineWindow): string => {
  if (w.pages <= 1) return '';
  const link = (page: number, text: string) => (page < 1 || page > w.pages ? `<span class="zero">${text}</span>` : `<a href="?page=${page}">${text}</a>`);
  return `<p class="sub pager">Events ${w.offset + 1}–${w.offset + w.items.length} of ${w.total} · page ${w.page} of ${w.pages} · ${link(1, 'first')} · ${link(w.page - 1, '← earlier')} · ${link(w.page + 1, 'later →')} · ${link(w.pages, 'last')}</p>`;
};

/**
 * The header and event list of one session (no page around it): the app's page and `--html` files
 * share it. With a window, only its items are drawn, with links to the other pages; a live page
 * follows the log only on the last page (`data-follow`), where new events belong.
 */
export const renderTimeline = (t: SessionTimeline, options: { readonly live: boolean; readonly window?: TimelineWindow }): string => {
  const r = t.row;
  const w = options.window;
  const items = w?.items ?? t.items;
  const follow = options.live && r.open && (w === undefined || w.page === w.pages);
  const status = r.open ? '<span class="pill live">live</span>' : '<span class="pill">ended</span>';
  const facts = [plural(r.turns, 'turn'), plural(r.failures, 'failure'), plural(r.lessons, 'lesson'), plural(r.nudges, 'nudge'), plural(r.events, 'event')];
  const problems = t.problems.length === 0 ? '' : `<div class="note">${t.problems.length} bad line${t.problems.length === 1 ? '' : 's'} skipped:<br>${problemLines(t.problems)}</div>`;
  const nav = w === undefined ? '' : pager(w);
  return `<section class="session" data-session="${escapeHtml(r.id)}">
<h1>Session ${escapeHtml(r.id)} ${status}</h1>
<p class="sub">${escapeHtml(shortTime(r.startedAt))} UTC · ${facts.join(' · ')}${follow ? ' · new events appear as they are written' : ''}</p>
${problems}${nav}<ol class="timeline" data-last-seq="${items.at(-1)?.seq ?? 0}"${follow ? ' data-follow="yes"' : ''}>${items.map(renderTimelineItem).join('\n')}</ol>${nav}</section>`;
};
