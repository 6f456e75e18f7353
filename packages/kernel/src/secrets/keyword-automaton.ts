/** Keywords are ASCII; any other character sends the automaton back to its start. */
const ALPHABET = 128;

export interface KeywordAutomaton {
  /**
   * Calls `onHit(keyword index, start)` for every occurrence of every keyword, overlapping ones
   * included, case-insensitively; and `onRun(start)` for every run of exactly `runs.length`
   * run characters between two characters that are neither run nor border characters.
   */
  readonly scan: (text: string, onHit: (keyword: number, start: number) => void, onRun?: (start: number) => void) => void;
}

/** Runs of key-shaped characters to report from the same pass (a keyword-less secret, such as a bare AWS key). */
export interface RunSpec {
  readonly chars: string;
  /** Characters that may continue a token: a run touching one is part of something longer. */
  readonly borders: string;
  readonly length: number;
}

/**
 * Aho-Corasick over lower-cased ASCII, compiled to a full transition table: one table look-up
 * per character however many keywords there are (gitleaks finds its rule keywords the same
 * way). A regex alternation of 150 keywords costs ten times more, because nearly every letter of
 * ordinary text starts some keyword.
 */
export const keywordAutomaton = (keywords: readonly string[], runs?: RunSpec): KeywordAutomaton => {
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
  if (states > 0xffff) throw new RangeError(`${states} automaton states: more than a Uint16Array table holds`);
  // Characters that occur in no keyword all behave alike; numbering the rest keeps the table small
  // enough to stay in cache (a full 128-column table of Int32 missed the cache on every character).
  const classOf = new Uint8Array(ALPHABET);
  let classes = 1;
  for (const k of keywords) for (const c of k.toLowerCase()) if (classOf[c.charCodeAt(0)] === 0) classOf[c.charCodeAt(0)] = classes++;
  for (let code = 65; code <= 90; code++) classOf[code] = classOf[code + 32] ?? 0;
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
  const delta = new Uint16Array(states * classes);
  for (let state = 0; state < states; state++)
    for (let code = 0; code < ALPHABET; code++) {
      const cls = classOf[code] ?? 0;
      if (cls !== 0 || code === 0) delta[state * classes + cls] = full[state * ALPHABET + code] ?? 0;
    }
  const lengths = keywords.map((k) => k.length);
  const hits = outputs.map((o) => Int32Array.from(o));
  const hasHit = Uint8Array.from(outputs, (o) => (o.length > 0 ? 1 : 0));
  // 1: a run character; 2: a border character; 0: anything else (ends a run).
  const runClass = new Uint8Array(ALPHABET);
  for (const c of runs?.chars ?? '') runClass[c.charCodeAt(0)] = 1;
  for (const c of runs?.borders ?? '') runClass[c.charCodeAt(0)] = 2;
  const runLength = runs?.length ?? -1;
  return {
    scan: (text, onHit, onRun) => {
      let row = 0;
      let runStart = 0;
      let tainted = false;
      const n = text.length;
      for (let i = 0; i < n; i++) {
        const code = text.charCodeAt(i);
        const inAlphabet = code < ALPHABET;
        const state = delta[row + (inAlphabet ? (classOf[code] as number) : 0)] as number;
        row = state * classes;
        if (hasHit[state] === 1) for (const k of hits[state] as Int32Array) onHit(k, i + 1 - (lengths[k] as number));
        const rc = inAlphabet ? (runClass[code] as number) : 0;
        if (rc === 1) continue;
        if (rc === 2) tainted = true;
        else {
          if (!tainted && i - runStart === runLength && onRun !== undefined) onRun(runStart);
          runStart = i + 1;
          tainted = false;
        }
      }
      if (!tainted && n - runStart === runLength && onRun !== undefined) onRun(runStart);
    },
  };
};
