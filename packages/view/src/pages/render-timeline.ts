import type { SessionTimeline } from '../view-source.js';
import { escapeHtml } from './escape-html.js';
import { shortTime, plural } from './format.js';
import { renderTimelineItem } from './render-timeline-item.js';

/** The header and event list of one session (no page around it): the app's page and `--html` files share it. */
export const renderTimeline = (t: SessionTimeline, options: { readonly live: boolean }): string => {
  const r = t.row;
  const status = r.open ? '<span class="pill live">live</span>' : '<span class="pill">ended</span>';
  const facts = [plural(r.turns, 'turn'), plural(r.failures, 'failure'), plural(r.lessons, 'lesson'), plural(r.nudges, 'nudge'), plural(r.events, 'event')];
  const problems = t.problems.length === 0 ? '' : `<div class="note">${t.problems.length} bad line${t.problems.length === 1 ? '' : 's'} skipped:<br>${t.problems.slice(0, 10).map(escapeHtml).join('<br>')}</div>`;
  return `<section class="session" data-session="${escapeHtml(r.id)}">
<h1>Session ${escapeHtml(r.id)} ${status}</h1>
<p class="sub">${escapeHtml(shortTime(r.startedAt))} UTC · ${facts.join(' · ')}${options.live && r.open ? ' · new events appear as they are written' : ''}</p>
${problems}<ol class="timeline" data-last-seq="${t.items.at(-1)?.seq ?? 0}">${t.items.map(renderTimelineItem).join('\n')}</ol></section>`;
};
