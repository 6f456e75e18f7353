import { mergeSpans } from './merge-spans.js';
import { OWN_DETECTORS } from './secret-detectors.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';
import { secretlintDetectors } from './secretlint-rules.js';

/** A line-scoped detector sees at most this far either side of a keyword hit: a 1 MB single-line JSON is not rescanned per hit. */
const MAX_REACH = 4096;
/** How much further a window may grow to end between tokens rather than inside one. */
const MAX_EDGE = 512;

const DETECTORS: readonly SecretDetector[] = [...OWN_DETECTORS, ...secretlintDetectors];
const OWN_COUNT = OWN_DETECTORS.length;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Which detectors each keyword triggers. A keyword that contains another one (`sk-ant-` holds
 * `sk-`) also triggers that one's detectors, because the prefilter reports only the longest
 * keyword at a position.
 */
const BY_KEYWORD = new Map<string, number[]>();
{
  const all = [...new Set(DETECTORS.flatMap((d) => d.keywords))];
  for (const k of all) {
    const ids: number[] = [];
    DETECTORS.forEach((d, i) => {
      if (d.keywords.some((dk) => k.includes(dk))) ids.push(i);
    });
    BY_KEYWORD.set(k, ids);
  }
}
/** One pass over the text finds every keyword (longest first at each position). */
const PREFILTER = new RegExp([...BY_KEYWORD.keys()].sort((a, b) => b.length - a.length).map(escape).join('|'), 'gi');
const ALWAYS = DETECTORS.flatMap((d, i) => (d.keywords.length === 0 ? [i] : []));

const BOUNDARY = /[\s,;{}[\]]/;
const edgeBefore = (text: string, at: number): number => {
  for (let i = at, stop = Math.max(0, at - MAX_EDGE); i > stop; i--) if (BOUNDARY.test(text[i - 1] ?? ' ')) return i;
  return Math.max(0, at - MAX_EDGE);
};
const edgeAfter = (text: string, at: number): number => {
  for (let i = at, stop = Math.min(text.length, at + MAX_EDGE); i < stop; i++) if (BOUNDARY.test(text[i] ?? ' ')) return i;
  return Math.min(text.length, at + MAX_EDGE);
};

/** The line around a hit, or a window of MAX_REACH either side of it when the line is longer. */
const windowAt = (text: string, at: number): [number, number] => {
  let start = text.lastIndexOf('\n', at - 1) + 1;
  let end = text.indexOf('\n', at);
  if (end === -1) end = text.length;
  if (at - start > MAX_REACH) start = edgeBefore(text, at - MAX_REACH);
  if (end - at > MAX_REACH) end = edgeAfter(text, at + MAX_REACH);
  return [start, end];
};

const runOn = (detector: SecretDetector, text: string, positions: readonly number[] | undefined, out: SecretSpan[]): void => {
  if (detector.scope === 'text' || positions === undefined) {
    out.push(...detector.detect(text));
    return;
  }
  let coveredTo = -1;
  for (const at of positions) {
    if (at < coveredTo) continue;
    const [start, end] = windowAt(text, at);
    coveredTo = end;
    for (const s of detector.detect(text.slice(start, end))) out.push({ start: s.start + start, end: s.end + start, kind: s.kind });
  }
};

/**
 * Every secret in `text` as disjoint, sorted spans. A keyword prefilter (one regex pass) decides
 * which detectors run and where: a line-scoped detector runs only on the lines holding one of
 * its keywords, so ordinary output costs one pass and detectors' work grows with the hits.
 */
export const findSecretSpans = (text: string): SecretSpan[] => {
  const hits = new Map<number, number[]>();
  for (const m of text.matchAll(PREFILTER)) {
    for (const id of BY_KEYWORD.get(m[0].toLowerCase()) ?? []) {
      const list = hits.get(id);
      if (list === undefined) hits.set(id, [m.index]);
      else list.push(m.index);
    }
  }
  const own: SecretSpan[] = [];
  const vendor: SecretSpan[] = [];
  for (let i = 0; i < DETECTORS.length; i++) {
    const detector = DETECTORS[i];
    if (detector === undefined) continue;
    const positions = hits.get(i);
    if (positions === undefined && !ALWAYS.includes(i)) continue;
    runOn(detector, text, positions, i < OWN_COUNT ? own : vendor);
  }
  if (own.length === 0 && vendor.length === 0) return [];
  return mergeSpans([...own, ...vendor], own.length);
};
