import type { TimelineItem } from './timeline-items.js';

/** What a timeline page is narrowed to (its query: `?region=acc&kind=failure&q=fetch&collapse=1`). */
export interface TimelineFilter {
  /** The region an event comes from: its type's first part (`acc`, `cortex`, `executive` ...); null for every region. */
  readonly region: string | null;
  /** The item's kind (failure, nudge, lesson, memory ...); null for every kind. */
  readonly kind: string | null;
  /** Words every shown item holds (label, title, body or type), any case; empty for no search. */
  readonly q: string;
  /** Bodies folded away (each a click from open): a long session reads as one line per event. */
  readonly collapse: boolean;
}

/** A search longer than this is cut: a query is a few words, not a document. */
const MAX_QUERY = 200;

export const NO_FILTER: TimelineFilter = { region: null, kind: null, q: '', collapse: false };

/** The region of an event type (`acc.lesson.detected` is the ACC's). */
export const regionOf = (type: string): string => type.split('.')[0] ?? type;

/** The filter a page's query asks for; anything unknown is no filter. Pure. */
export const timelineFilterOf = (params: URLSearchParams): TimelineFilter => {
  const pick = (name: string): string | null => {
    const v = params.get(name)?.trim() ?? '';
    return v === '' || v === 'all' ? null : v;
  };
  return { region: pick('region'), kind: pick('kind'), q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY), collapse: params.get('collapse') === '1' };
};

/** Whether a filter narrows the items (collapsing does not). */
const narrows = (f: TimelineFilter): boolean => f.region !== null || f.kind !== null || f.q !== '';

/** The items a filter keeps, in order. Pure. */
export const filterTimeline = (items: readonly TimelineItem[], f: TimelineFilter): readonly TimelineItem[] => {
  if (!narrows(f)) return items;
  const words = f.q.toLowerCase().split(/\s+/).filter((w) => w !== '');
  return items.filter((i) => {
    if (f.region !== null && regionOf(i.type) !== f.region) return false;
    if (f.kind !== null && i.tone !== f.kind) return false;
    if (words.length === 0) return true;
    const text = `${i.label}\n${i.title}\n${i.body}\n${i.type}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
};

/** The query string that keeps a filter across links (pager), with `extra` set; empty when nothing is set. */
export const filterQuery = (f: TimelineFilter, extra: Readonly<Record<string, string>> = {}): string => {
  const p = new URLSearchParams();
  if (f.region !== null) p.set('region', f.region);
  if (f.kind !== null) p.set('kind', f.kind);
  if (f.q !== '') p.set('q', f.q);
  if (f.collapse) p.set('collapse', '1');
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const s = p.toString();
  return s === '' ? '' : `?${s}`;
};
