import { asciiBytes } from './ascii-bytes.js';
import { HitBuffer } from './hit-buffer.js';
import { keyShapedRunFinder } from './key-shaped-runs.js';
import { keywordAutomaton, type KeywordAutomaton } from './keyword-automaton.js';
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
/** Each cut keyword, in order of first appearance, with the detectors it triggers (in index order, once each): one pass, since every process that scrubs builds it. */
const TRIGGERED_BY = new Map<string, number[]>();
DETECTORS.forEach((d, i) => {
  for (const k of d.keywords) {
    const c = cut(k);
    const list = TRIGGERED_BY.get(c);
    if (list === undefined) TRIGGERED_BY.set(c, [i]);
    else if (list.at(-1) !== i) list.push(i);
  }
});
const KEYWORDS = [...TRIGGERED_BY.keys()];
const TRIGGERS: readonly (readonly number[])[] = [...TRIGGERED_BY.values()];
const RUN_DETECTOR = DETECTORS.findIndex((d) => d.run !== undefined);
const RUN_SPEC = DETECTORS[RUN_DETECTOR]?.run;
/**
 * One pass over the text finds every keyword, overlapping ones included. Built on the first scan,
 * not at import: a process that stores nothing (`engram memory show`, a hook that only reads)
 * does not pay for the table at start-up.
 */
let prefilter: KeywordAutomaton | undefined;
/** The key-shaped runs (a bare AWS key has no keyword), found by a sparse look at the text. */
const FIND_RUNS = RUN_SPEC === undefined ? undefined : keyShapedRunFinder(RUN_SPEC);
const ALWAYS_IDS = DETECTORS.flatMap((d, i) => (d.keywords.length === 0 && d.run === undefined ? [i] : []));

/** Reused from call to call (scrubbing is synchronous and never re-enters itself). */
const HITS = new HitBuffer();
/**
 * Each detector's positions in the current call: a list is current only when its CALL_OF entry
 * is this call's number, so nothing needs clearing between calls (clearing 35 arrays a call cost
 * more than the detectors on short texts).
 */
const POSITIONS: number[][] = DETECTORS.map(() => []);
const CALL_OF = new Float64Array(DETECTORS.length).fill(-1);
/** The call in which each detector was last shown it may fire (a hit its `mayFireAt` does not disprove); the run detector's proof is its runs. */
const MAY_FIRE_IN = new Float64Array(DETECTORS.length).fill(-1);
let call = 0;
const MAY_FIRE_AT = DETECTORS.map((d) => d.mayFireAt);

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

/** True when `part` holds one of `required` (or nothing is required). */
const holdsRequired = (part: string, required: readonly string[] | undefined): boolean => {
  if (required === undefined) return true;
  for (const r of required) if (part.includes(r)) return true;
  return false;
};

/** Window bounds as flat [start, end] pairs, reused by every detector of every call. */
const WINDOWS: number[] = [];

const runOn = (detector: SecretDetector, text: string, positions: readonly number[] | undefined, out: SecretSpan[]): void => {
  if (detector.scope === 'text' || positions === undefined) {
    for (const s of detector.detect(text)) out.push(s);
    return;
  }
  if (detector.scope === 'hits') {
    for (const s of detector.detect(text, positions)) out.push(s);
    return;
  }
  collectWindows(text, positions, WINDOWS);
  let next = 0;
  for (let w = 0; w < WINDOWS.length; w += 2) {
    const start = WINDOWS[w] as number;
    const end = WINDOWS[w + 1] as number;
    const inside: number[] = [];
    while (next < positions.length && (positions[next] as number) < end) inside.push((positions[next++] as number) - start);
    const part = start === 0 && end === text.length ? text : text.slice(start, end);
    if (!holdsRequired(part, detector.requires)) continue;
    const found = detector.detect(part, inside);
    if (start === 0) for (const s of found) out.push(s);
    else for (const s of found) out.push({ start: s.start + start, end: s.end + start, kind: s.kind });
  }
};

/** Fills `into` with the windows around ascending positions as flat pairs, windows closer than MERGE_GAP joined. */
const collectWindows = (text: string, positions: readonly number[], into: number[]): void => {
  into.length = 0;
  for (const at of positions) {
    const n = into.length;
    const lastEnd = n === 0 ? -1 : (into[n - 1] as number);
    if (at < lastEnd) continue;
    const [start, end] = windowAt(text, at);
    if (n > 0 && start <= lastEnd + MERGE_GAP) into[n - 1] = Math.max(lastEnd, end);
    else into.push(start, end);
  }
};

/** The windows around ascending positions, with windows closer than MERGE_GAP joined. */
export const mergedWindows = (text: string, positions: readonly number[]): [number, number][] => {
  const flat: number[] = [];
  collectWindows(text, positions, flat);
  const windows: [number, number][] = [];
  for (let w = 0; w < flat.length; w += 2) windows.push([flat[w] as number, flat[w + 1] as number]);
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

export interface FindOptions {
  /**
   * false: run every detector wherever its keywords are, ignoring the detectors' proofs of
   * silence (`mayFireAt`). The result is the same by contract; tests compare the two.
   */
  readonly proofs?: boolean;
}

/**
 * Every secret in `text` as disjoint, sorted spans. A keyword prefilter (one regex pass) decides
 * which detectors run and where: a line-scoped detector runs only on the lines holding one of
 * its keywords, so ordinary output costs one pass and detectors' work grows with the hits.
 * Each hit is then put to its detectors' proofs of silence (`mayFireAt`: a few character reads,
 * `Author:` is no header, `max_tokens=` no secret name): a detector whose every hit is disproved
 * is skipped, and text whose every hit is disproved is clean without running any detector (the
 * fast path most output takes).
 */
export const findSecretSpans = (text: string, options: FindOptions = {}): SecretSpan[] => {
  const prove = options.proofs !== false;
  const bytes = asciiBytes(text);
  (prefilter ??= keywordAutomaton(KEYWORDS)).scan(text, bytes, HITS);
  const now = ++call;
  const n = HITS.count;
  // First the proofs of silence, hit by hit, until each detector is shown it may fire.
  let mayFire = false;
  for (let h = 0; h < n; h++) {
    const keyword = HITS.keywordAt(h);
    for (const id of TRIGGERS[keyword] ?? []) {
      if (MAY_FIRE_IN[id] === now) continue;
      const proof = MAY_FIRE_AT[id];
      if (!prove || proof === undefined || proof(text, HITS.positionAt(h), KEYWORDS[keyword] as string)) {
        MAY_FIRE_IN[id] = now;
        mayFire = true;
      }
    }
  }
  let runs: number[] | undefined;
  if (FIND_RUNS !== undefined) {
    runs = [];
    FIND_RUNS(text, bytes, runs);
    if (runs.length > 0) mayFire = true;
  }
  // The fast path: every hit disproved, so the text is clean without running any detector.
  if (!mayFire && ALWAYS_IDS.length === 0) return [];
  let unsorted = false;
  for (let h = 0; h < n; h++) {
    const at = HITS.positionAt(h);
    for (const id of TRIGGERS[HITS.keywordAt(h)] ?? []) {
      // Every hit of this detector disproved: it would report nothing, so it gets no positions and is not run.
      if (MAY_FIRE_IN[id] !== now) continue;
      const list = POSITIONS[id] as number[];
      if (CALL_OF[id] !== now) {
        CALL_OF[id] = now;
        POSITIONS[id] = [at];
        continue;
      }
      const last = list[list.length - 1] as number;
      if (last === at) continue;
      // Hits come in the order their keyword ends, so a longer keyword's start can come after a later one's.
      if (at < last) unsorted = true;
      list.push(at);
    }
  }
  if (runs !== undefined && runs.length > 0) {
    CALL_OF[RUN_DETECTOR] = now;
    POSITIONS[RUN_DETECTOR] = runs;
  }
  const own: SecretSpan[] = [];
  const vendor: SecretSpan[] = [];
  // Detectors run in their order: the first to find a span names it.
  for (let id = 0; id < DETECTORS.length; id++) {
    const current = CALL_OF[id] === now;
    if (!current && !ALWAYS_IDS.includes(id)) continue;
    const positions = current ? (POSITIONS[id] as number[]) : undefined;
    if (unsorted && positions !== undefined && positions.length > 1) positions.sort((a, b) => a - b);
    runOn(DETECTORS[id] as SecretDetector, text, positions, id < OWN_COUNT ? own : vendor);
  }
  if (own.length === 0 && vendor.length === 0) return [];
  const markers = markerRanges(text);
  const ownFresh = outsideMarkers(text, own, markers);
  return mergeSpans([...ownFresh, ...outsideMarkers(text, vendor, markers)], ownFresh.length);
};

/** A piece of a span needs a letter or digit to hold anything of a secret (not the `: ` or line break beside a marker). */
const HOLDS_MATERIAL = /[A-Za-z0-9]/;

/**
 * The spans with an earlier scrub's markers cut out of them. A marker is already redacted, and a
 * span over it would make scrubbing twice differ from once; but the rest of the span may be a
 * secret (a cut key block whose base64 runs on into `Authorization: [REDACTED:secret]`), so only
 * the marker is cut out, never the whole span. Pieces with no letter or digit, such as the `-U `
 * before a marker read as user:password, are dropped.
 */
const outsideMarkers = (text: string, spans: readonly SecretSpan[], markers: readonly [number, number][]): SecretSpan[] => {
  if (markers.length === 0) return [...spans];
  const out: SecretSpan[] = [];
  const keep = (span: SecretSpan, start: number, end: number): void => {
    if (start === span.start && end === span.end) out.push(span);
    else if (HOLDS_MATERIAL.test(text.slice(start, end))) out.push({ start, end, kind: span.kind });
  };
  for (const span of spans) {
    let from = span.start;
    for (const [start, end] of markers) {
      if (end <= from || start >= span.end) continue;
      if (start > from) keep(span, from, start);
      from = Math.max(from, end);
    }
    if (from < span.end) keep(span, from, span.end);
  }
  return out;
};
