import { HitBuffer } from './hit-buffer.js';
import { keyShapedRunFinder } from './key-shaped-runs.js';
import { keywordAutomaton } from './keyword-automaton.js';
import { mergeSpans } from './merge-spans.js';
import { REDACTED_PREFIX } from './redaction-marker.js';
import { OWN_DETECTORS } from './secret-detectors.js';
import type { SecretDetector, SecretSpan } from './secret-span.js';
import { secretlintDetectors } from './secretlint-rules.js';

/** A line-scoped detector sees at most this far either side of a keyword hit: a 1 MB single-line JSON is not rescanned per hit. */
const MAX_REACH = 4096;
/** How much further a window may grow to end between tokens rather than inside one. */
const MAX_EDGE = 512;
/** Windows this close are scanned as one (adjacent lines): fewer calls without rescanning lines that hold no keyword. */
const MERGE_GAP = 1;

const DETECTORS: readonly SecretDetector[] = [...OWN_DETECTORS, ...secretlintDetectors];
const OWN_COUNT = OWN_DETECTORS.length;

/**
 * Keywords as the prefilter looks for them: cut to their first KEYWORD_CHARS characters, which
 * still rarely occur by chance, so the automaton stays small enough to live in cache. A cut
 * keyword triggers every detector whose keyword starts that way (a window scanned for nothing
 * costs little; a missed window would miss a secret).
 */
const KEYWORD_CHARS = 6;
const cut = (k: string): string => k.toLowerCase().slice(0, KEYWORD_CHARS);
const KEYWORDS = [...new Set(DETECTORS.flatMap((d) => d.keywords.map(cut)))];
const TRIGGERS: readonly (readonly number[])[] = KEYWORDS.map((k) => DETECTORS.flatMap((d, i) => (d.keywords.some((dk) => cut(dk) === k) ? [i] : [])));
const RUN_DETECTOR = DETECTORS.findIndex((d) => d.run !== undefined);
const RUN_SPEC = DETECTORS[RUN_DETECTOR]?.run;
/** One pass over the text finds every keyword, overlapping ones included. */
const PREFILTER = keywordAutomaton(KEYWORDS);
/** The key-shaped runs (a bare AWS key has no keyword), found by a sparse look at the text. */
const FIND_RUNS = RUN_SPEC === undefined ? undefined : keyShapedRunFinder(RUN_SPEC);
const ALWAYS = DETECTORS.map((d) => d.keywords.length === 0 && d.run === undefined);

/** Reused from call to call (scrubbing is synchronous and never re-enters itself): hits, and each detector's positions. */
const HITS = new HitBuffer();
const POSITIONS: number[][] = DETECTORS.map(() => []);

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
export const windowAt = (text: string, at: number): [number, number] => {
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
  let next = 0;
  for (const [start, end] of mergedWindows(text, positions)) {
    const part = start === 0 && end === text.length ? text : text.slice(start, end);
    const inside: number[] = [];
    while (next < positions.length && (positions[next] ?? 0) < end) inside.push((positions[next++] ?? 0) - start);
    if (detector.requires !== undefined && !detector.requires.some((r) => part.includes(r))) continue;
    for (const s of detector.detect(part, inside)) out.push({ start: s.start + start, end: s.end + start, kind: s.kind });
  }
};

/** The windows around ascending positions, with windows closer than MERGE_GAP joined. */
export const mergedWindows = (text: string, positions: readonly number[]): [number, number][] => {
  const windows: [number, number][] = [];
  for (const at of positions) {
    const last = windows[windows.length - 1];
    if (last !== undefined && at < last[1]) continue;
    const [start, end] = windowAt(text, at);
    if (last !== undefined && start <= last[1] + MERGE_GAP) last[1] = Math.max(last[1], end);
    else windows.push([start, end]);
  }
  return windows;
};

/** Where the markers of an earlier scrub are in `text`. */
const markerRanges = (text: string): [number, number][] => {
  const out: [number, number][] = [];
  for (let at = text.indexOf(REDACTED_PREFIX); at !== -1; at = text.indexOf(REDACTED_PREFIX, at + 1)) {
    const close = text.indexOf(']', at);
    out.push([at, close === -1 ? text.length : close + 1]);
  }
  return out;
};

/**
 * Every secret in `text` as disjoint, sorted spans. A keyword prefilter (one regex pass) decides
 * which detectors run and where: a line-scoped detector runs only on the lines holding one of
 * its keywords, so ordinary output costs one pass and detectors' work grows with the hits.
 */
export const findSecretSpans = (text: string): SecretSpan[] => {
  for (const list of POSITIONS) list.length = 0;
  PREFILTER.scan(text, HITS);
  let unsorted = false;
  for (let h = 0, n = HITS.count; h < n; h++) {
    const at = HITS.positionAt(h);
    for (const id of TRIGGERS[HITS.keywordAt(h)] ?? []) {
      const list = POSITIONS[id] as number[];
      const last = list.length === 0 ? -1 : (list[list.length - 1] as number);
      if (last === at) continue;
      // Hits come in the order their keyword ends, so a longer keyword's start can come after a later one's.
      if (at < last) unsorted = true;
      list.push(at);
    }
  }
  if (unsorted) for (const list of POSITIONS) if (list.length > 1) list.sort((a, b) => a - b);
  if (FIND_RUNS !== undefined) FIND_RUNS(text, POSITIONS[RUN_DETECTOR] as number[]);
  const own: SecretSpan[] = [];
  const vendor: SecretSpan[] = [];
  for (let i = 0; i < DETECTORS.length; i++) {
    const detector = DETECTORS[i];
    if (detector === undefined) continue;
    const positions = POSITIONS[i] as number[];
    if (positions.length === 0 && ALWAYS[i] !== true) continue;
    runOn(detector, text, positions.length === 0 ? undefined : positions, i < OWN_COUNT ? own : vendor);
  }
  if (own.length === 0 && vendor.length === 0) return [];
  // A span touching an existing marker (over it, or inside it: `-U [REDACTED:x]` read as user:password)
  // adds nothing and would make scrubbing twice differ from once.
  const markers = markerRanges(text);
  const fresh = (s: SecretSpan): boolean => !markers.some(([start, end]) => s.start < end && start < s.end);
  const ownFresh = own.filter(fresh);
  return mergeSpans([...ownFresh, ...vendor.filter(fresh)], ownFresh.length);
};
