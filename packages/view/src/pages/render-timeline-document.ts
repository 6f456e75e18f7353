import type { SessionTimeline } from '../view-source.js';
import { renderLayout } from './render-layout.js';
import { renderTimeline } from './render-timeline.js';

/**
 * `engram view --html FILE LOG...`: the timelines of the given logs as one page that needs
 * nothing else (styles inline, no script, no link out of the file), to share.
 */
export const renderTimelineDocument = (timelines: readonly SessionTimeline[]): string =>
  renderLayout({
    title: timelines.length === 1 ? `Session ${timelines[0]?.row.id ?? ''}` : `${timelines.length} sessions`,
    section: null,
    where: timelines.map((t) => t.row.file).join(', '),
    body: timelines.map((t) => renderTimeline(t, { live: false })).join('\n'),
  });
