import type { TimelineItem } from '../data/timeline-items.js';
import { escapeHtml } from './escape-html.js';
import { shortTime } from './format.js';

/** One timeline item as an `<li id="e<seq>">`: the page, the live stream and `--html` files share it. */
export const renderTimelineItem = (item: TimelineItem, collapse = false): string => {
  const pre = `<pre>${escapeHtml(item.body)}</pre>`;
  // Collapsed: the body a click away (<details>, no script), the head one line.
  const body = item.body.trim() === '' ? '' : collapse ? `<details><summary>${item.body.split('\n').length} line${item.body.includes('\n') ? 's' : ''}</summary>${pre}</details>` : pre;
  const anchor = escapeHtml(item.anchor); // `<log name>-e<seq>` in a file of several logs: a file name is data too
  return `<li id="${anchor}" class="${item.tone}" data-type="${escapeHtml(item.type)}" data-seq="${item.seq}"><div class="head"><span class="pill ${item.tone}">${escapeHtml(item.label)}</span><span class="title">${escapeHtml(item.title)}</span><span class="meta"><a href="#${anchor}">#${item.seq}</a> · ${escapeHtml(item.type)} · ${escapeHtml(shortTime(item.at).slice(11))}</span></div>${body}</li>`;
};
