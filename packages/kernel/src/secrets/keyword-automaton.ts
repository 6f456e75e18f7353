import type { HitBuffer } from './hit-buffer.js';

/** Keywords are ASCII; any other character sends the automaton back to its start. */
const ALPHABET = 128;

export interface KeywordAutomaton {
  /**
   * Every occurrence of every keyword, overlapping ones included, case-insensitively, as
   * (keyword index, start) pairs in `out` (cleared first), in the order their last character
   * is reached. `bytes`: the text as one byte per character (`asciiBytes`), when it is ASCII.
   */
  readonly scan: (text: string, bytes: Uint8Array | undefined, out: HitBuffer) => void;
}

/** A transition not worked out yet; never a real one (`states * classes * 2` fits below it). */
const UNSET = 0xffff;

/**
 * Aho-Corasick over lower-cased ASCII, as a transition table: one table look-up per character
 * however many keywords there are (gitleaks finds its rule keywords the same way). A regex
 * alternation of 150 keywords costs ten times more, because nearly every letter of ordinary text
 * starts some keyword.
 *
 * The table is filled lazily, a transition the first time a scan takes it (from the trie and its
 * failure links): a hook is a short process that scans a few short texts, and working out every
 * transition of every state up front took it 5-10 ms, more than its scans.
 *
 * Built for speed on the hot path (every text engram stores goes through it): ASCII text (nearly
 * all of it) is read as bytes, since a typed-array read costs less than `charCodeAt`; the
 * transition table holds premultiplied rows with the "a keyword ends here" flag in the low bit
 * (one load and a shift per character), in a `Uint16Array` small enough for the first-level cache.
 */
export const keywordAutomaton = (keywords: readonly string[]): KeywordAutomaton => {
  // Characters that occur in no keyword all behave alike (class 0, back to the start); numbering
  // the rest keeps the table small enough to stay in cache.
  const classOf = new Uint8Array(256);
  let classes = 1;
  for (const k of keywords)
    for (const c of k.toLowerCase()) {
      const code = c.charCodeAt(0);
      if (code >= ALPHABET) throw new RangeError(`keyword ${JSON.stringify(k)}: only ASCII keywords are supported`);
      if (classOf[code] === 0) classOf[code] = classes++;
    }
  for (let code = 65; code <= 90; code++) classOf[code] = classOf[code + 32] ?? 0;
  // The trie, by class (-1: no edge), and the keywords ending in each state.
  const maxStates = 1 + keywords.reduce((n, k) => n + k.length, 0);
  const trie = new Int32Array(maxStates * classes).fill(-1);
  const outputs: number[][] = [[]];
  let states = 1;
  keywords.forEach((k, index) => {
    let state = 0;
    for (const c of k.toLowerCase()) {
      const at = state * classes + (classOf[c.charCodeAt(0)] as number);
      let next = trie[at] as number;
      if (next < 0) {
        next = states++;
        trie[at] = next;
        outputs.push([]);
      }
      state = next;
    }
    outputs[state]?.push(index);
  });
  if (states * classes * 2 > UNSET) throw new RangeError(`${states} automaton states of ${classes} classes: more than a Uint16Array table holds`);
  // Failure links, breadth first (a state's link is shallower than it): the longest proper suffix
  // of its path that is in the trie. A state also reports the keywords its link reports.
  const fail = new Int32Array(states);
  const step = (state: number, cls: number): number => {
    for (let s = state; ; s = fail[s] as number) {
      const next = trie[s * classes + cls] as number;
      if (next >= 0) return next;
      if (s === 0) return 0;
    }
  };
  const queue = new Int32Array(states);
  let tail = 0;
  for (let cls = 1; cls < classes; cls++) {
    const next = trie[cls] as number;
    if (next >= 0) queue[tail++] = next;
  }
  for (let head = 0; head < tail; head++) {
    const state = queue[head] as number;
    for (let cls = 1; cls < classes; cls++) {
      const next = trie[state * classes + cls] as number;
      if (next < 0) continue;
      const f = step(fail[state] as number, cls);
      fail[next] = f;
      outputs[next]?.push(...(outputs[f] ?? []));
      queue[tail++] = next;
    }
  }
  // delta[row + class] = (next state's row << 1) | (a keyword ends in the next state); class 0 always leads back to the start.
  const delta = new Uint16Array(states * classes).fill(UNSET);
  for (let state = 0; state < states; state++) delta[state * classes] = 0;
  const transition = (row: number, cls: number): number => {
    const next = step(row / classes, cls);
    const v = ((next * classes) << 1) | ((outputs[next]?.length ?? 0) > 0 ? 1 : 0);
    delta[row + cls] = v;
    return v;
  };
  /** Keyword indexes ending in the state whose row starts at the index. */
  const endingAt: Int32Array[] = [];
  for (let state = 0; state < states; state++) endingAt[state * classes] = Int32Array.from(outputs[state] ?? []);
  const lengths = Int32Array.from(keywords, (k) => k.length);
  const emit = (row: number, i: number, out: HitBuffer): void => {
    const ending = endingAt[row] as Int32Array;
    for (let j = 0; j < ending.length; j++) {
      const k = ending[j] as number;
      out.push(k, i + 1 - (lengths[k] as number));
    }
  };
  const scanBytes = (bytes: Uint8Array, n: number, out: HitBuffer): void => {
    let row = 0;
    for (let i = 0; i < n; i++) {
      const cls = classOf[bytes[i] as number] as number;
      let v = delta[row + cls] as number;
      if (v === UNSET) v = transition(row, cls);
      row = v >> 1;
      if ((v & 1) !== 0) emit(row, i, out);
    }
  };
  const scanChars = (text: string, out: HitBuffer): void => {
    let row = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const cls = code < ALPHABET ? (classOf[code] as number) : 0;
      let v = delta[row + cls] as number;
      if (v === UNSET) v = transition(row, cls);
      row = v >> 1;
      if ((v & 1) !== 0) emit(row, i, out);
    }
  };
  return {
    scan: (text, bytes, out) => {
      out.clear();
      if (bytes === undefined) scanChars(text, out);
      else scanBytes(bytes, text.length, out);
    },
  };
};
