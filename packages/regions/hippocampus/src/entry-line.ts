import type { Confidence, EngramSource, TrustTier } from '@engram/kernel';
import { dayOf } from './format-timestamp.js';
import type { MemoryFileKind } from './memory-document.js';

export interface NewEntryFields {
  readonly confidence: Confidence | null;
  readonly source: EngramSource | null;
  readonly topic: string | null;
  /** Full UTC time. */
  readonly at: string;
  readonly id: string;
  /** Recorded as engram's `trust:` key; left out when null. */
  readonly trust?: TrustTier | null;
}

/**
 * The metadata comment of a new entry. Anton's keys come first in Anton's order (confidence,
 * source, topic, ts) so Anton reads them; engram's own keys follow (`at`: full UTC time, `id`:
 * stable identity), which Anton ignores. Missing values are left out rather than printed as
 * Anton's `None`. `trust` (where the words came from) goes last: Anton ignores keys it does not
 * know, so its files stay readable both ways. Profile facts carry no comment: Anton would read
 * it as part of the fact.
 */
export const newEntryComment = (file: MemoryFileKind, f: NewEntryFields): string | null => {
  if (file === 'profile') return null;
  const parts: string[] = [];
  if (f.confidence !== null) parts.push(`confidence:${f.confidence}`);
  if (f.source !== null) parts.push(`source:${f.source}`);
  if (f.topic !== null) parts.push(`topic:${f.topic}`);
  parts.push(`ts:${dayOf(f.at)}`, `at:${f.at}`, `id:${f.id}`);
  if (f.trust != null) parts.push(`trust:${f.trust}`);
  return ` ${parts.join(' ')} `;
};

/** `- text <!--comment-->`: the one way an entry line is written. `text` must be sanitised. */
export const entryLineText = (text: string, comment: string | null): string => (comment === null ? `- ${text}` : `- ${text} <!--${comment}-->`);
