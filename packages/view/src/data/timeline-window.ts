import type { TimelineItem } from './timeline-items.js';

/**
 * Items drawn on one timeline page: a long session's log holds hundreds of thousands of events,
 * and a page of them all (tens of MB of HTML) hangs the browser that opens it; a few thousand
 * items draw at once and still show a whole long turn.
 */
const TIMELINE_PAGE_ITEMS = 2_000;

export interface TimelineWindow {
  readonly items: readonly TimelineItem[];
  /** 1-based page shown, and how many there are (at least 1). */
  readonly page: number;
  readonly pages: number;
  /** Items in the whole session, and how many come before this page's. */
  readonly total: number;
  readonly offset: number;
}

/**
 * The page of a timeline to draw: the one holding event `at` (a link to `#e<seq>` lands on its
 * page), else page `page` (clamped), else the first. Pure.
 */
export const timelineWindow = (items: readonly TimelineItem[], want: { readonly page?: number | null; readonly at?: number | null } = {}, size = TIMELINE_PAGE_ITEMS): TimelineWindow => {
  const pages = Math.max(1, Math.ceil(items.length / size));
  let index = 0;
  if (want.at !== undefined && want.at !== null) {
    const at = want.at;
    const i = items.findIndex((item) => item.seq >= at);
    index = Math.floor((i === -1 ? items.length - 1 : i) / size);
  } else if (want.page !== undefined && want.page !== null && Number.isFinite(want.page)) index = Math.trunc(want.page) - 1;
  index = Math.min(pages - 1, Math.max(0, index));
  return { items: items.slice(index * size, (index + 1) * size), page: index + 1, pages, total: items.length, offset: index * size };
};
