import type { SessionTimeline } from '../view-source.js';
import { renderLayout } from './render-layout.js';
import { renderTimeline } from './render-timeline.js';

/** Anchors stay unique in a file of several sessions: `<session>-e<seq>` there, `e<seq>` for one. */
const anchored = (timelines: readonly SessionTimeline[]): readonly SessionTimeline[] =>
  timelines.length === 1 ? timelines : timelines.map((t) => ({ ...t, items: t.items.map((i) => ({ ...i, anchor: `${t.row.id}-${i.anchor}` })) }));

/**
 * `engram view --html FILE LOG...`: the timelines of the given logs as one page that needs
 * nothing else (styles inline, no script, no link out of the file), to share.
 */
export const renderTimelineDocument = (timelines: readonly SessionTimeline[]): string =>
  renderLayout({
    title: timelines.length === 1 ? `Session ${timelines[0]?.row.id ?? ''}` : `${timelines.length} sessions`,
    section: null,
    where: timelines.map((t) => t.row.file).join(', '),
    body: anchored(timelines).map((t) => renderTimeline(t, { live: false })).join('\n'),
  });
