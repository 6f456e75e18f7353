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

/**
 * Aho-Corasick over lower-cased ASCII, compiled to a full transition table: one table look-up
 * per character however many keywords there are (gitleaks finds its rule keywords the same
 * way). A regex alternation of 150 keywords costs ten times more, because nearly every letter of
 * ordinary text starts some keyword.
 *
 * Built for speed on the hot path (every text engram stores goes through it): ASCII text (nearly
 * all of it) is read as bytes, since a typed-array read costs less than `charCodeAt`; the
 * transition table holds premultiplied rows with the "a keyword ends here"
 * flag in the low bit (one load and a shift per character), in a `Uint16Array` small enough for
 * the first-level cache.
 */
export const keywordAutomaton = (keywords: readonly string[]): KeywordAutomaton => {
  const goto: number[][] = [[]];
  const outputs: number[][] = [[]];
  keywords.forEach((k, index) => {
    let state = 0;
    for (const c of k.toLowerCase()) {
      const code = c.charCodeAt(0);
      if (code >= ALPHABET) throw new RangeError(`keyword ${JSON.stringify(k)}: only ASCII keywords are supported`);
      const row = goto[state] ?? [];
      let next = row[code];
      if (next === undefined) {
        next = goto.length;
        row[code] = next;
        goto.push([]);
        outputs.push([]);
      }
      state = next;
    }
    outputs[state]?.push(index);
  });
  const states = goto.length;
  // Characters that occur in no keyword all behave alike; numbering the rest keeps the table small
  // enough to stay in cache (a full 128-column table of Int32 missed the cache on every character).
  const classOf = new Uint8Array(256);
  let classes = 1;
  for (const k of keywords) for (const c of k.toLowerCase()) if (classOf[c.charCodeAt(0)] === 0) classOf[c.charCodeAt(0)] = classes++;
  for (let code = 65; code <= 90; code++) classOf[code] = classOf[code + 32] ?? 0;
  if (states * classes * 2 > 0xffff) throw new RangeError(`${states} automaton states of ${classes} classes: more than a Uint16Array table holds`);
  const full = new Int32Array(states * ALPHABET);
  const fail = new Int32Array(states);
  const queue: number[] = [];
  for (let code = 0; code < ALPHABET; code++) {
    const next = goto[0]?.[code];
    if (next !== undefined) {
      full[code] = next;
      queue.push(next);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] ?? 0;
    const f = fail[state] ?? 0;
    outputs[state]?.push(...(outputs[f] ?? []));
    for (let code = 0; code < ALPHABET; code++) {
      const next = goto[state]?.[code];
      if (next === undefined) full[state * ALPHABET + code] = full[f * ALPHABET + code] ?? 0;
      else {
        full[state * ALPHABET + code] = next;
        fail[next] = full[f * ALPHABET + code] ?? 0;
        queue.push(next);
      }
    }
  }
  // delta[row + class] = (next state's row << 1) | (a keyword ends in the next state).
  const delta = new Uint16Array(states * classes);
  for (let state = 0; state < states; state++)
    for (let code = 0; code < ALPHABET; code++) {
      const cls = classOf[code] ?? 0;
      if (cls === 0 && code !== 0) continue;
      const next = full[state * ALPHABET + code] ?? 0;
      delta[state * classes + cls] = ((next * classes) << 1) | ((outputs[next]?.length ?? 0) > 0 ? 1 : 0);
    }
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
      const v = delta[row + (classOf[bytes[i] as number] as number)] as number;
      row = v >> 1;
      if ((v & 1) !== 0) emit(row, i, out);
    }
  };
  const scanChars = (text: string, out: HitBuffer): void => {
    let row = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const v = delta[row + (code < ALPHABET ? (classOf[code] as number) : 0)] as number;
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
