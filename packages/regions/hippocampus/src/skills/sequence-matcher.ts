/**
 * Python's `difflib.SequenceMatcher` over strings, reduced to what `get_close_matches` needs
 * (anton.md §10.4), with no junk function and `autojunk=True`, as Anton calls it. Sequences
 * are compared by code point, as Python iterates a `str`. Reproduced faithfully, including the
 * parts that make the ratio asymmetric: ties in the longest block go to the earliest start in
 * `a`, then in `b`; with `b` of 200 or more characters, characters occurring more than
 * `len(b) // 100 + 1` times in `b` are "popular" and cannot start a block, though a block may
 * still be extended over them (they are not junk).
 */

/** difflib's autojunk heuristic only looks at `b` this long or longer. */
const AUTOJUNK_MIN_LENGTH = 200;

export interface MatchingBlock {
  readonly a: number;
  readonly b: number;
  readonly size: number;
}

export class SequenceMatcher {
  private readonly a: readonly string[];
  private readonly b: readonly string[];
  /** Positions in `b` of each non-popular character, ascending (difflib's `b2j`). */
  private readonly b2j = new Map<string, number[]>();

  constructor(a: string, b: string) {
    this.a = Array.from(a);
    this.b = Array.from(b);
    this.b.forEach((ch, j) => {
      const list = this.b2j.get(ch);
      if (list === undefined) this.b2j.set(ch, [j]);
      else list.push(j);
    });
    const n = this.b.length;
    if (n >= AUTOJUNK_MIN_LENGTH) {
      const ntest = Math.floor(n / 100) + 1;
      for (const [ch, idxs] of [...this.b2j]) if (idxs.length > ntest) this.b2j.delete(ch);
    }
  }

  /** difflib's `find_longest_match(alo, ahi, blo, bhi)`. */
  findLongestMatch(alo: number, ahi: number, blo: number, bhi: number): MatchingBlock {
    const { a, b } = this;
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    let j2len = new Map<number, number>();
    for (let i = alo; i < ahi; i++) {
      const newj2len = new Map<number, number>();
      for (const j of this.b2j.get(a[i] ?? '') ?? []) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (j2len.get(j - 1) ?? 0) + 1;
        newj2len.set(j, k);
        if (k > bestsize) {
          besti = i - k + 1;
          bestj = j - k + 1;
          bestsize = k;
        }
      }
      j2len = newj2len;
    }
    // Extend over equal neighbours that are not junk (there is no junk here: popular characters count).
    while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
      besti--;
      bestj--;
      bestsize++;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
    return { a: besti, b: bestj, size: bestsize };
  }

  /** difflib's `get_matching_blocks()`, without the closing sentinel. */
  matchingBlocks(): MatchingBlock[] {
    const queue: [number, number, number, number][] = [[0, this.a.length, 0, this.b.length]];
    const blocks: MatchingBlock[] = [];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const [alo, ahi, blo, bhi] = next;
      const m = this.findLongestMatch(alo, ahi, blo, bhi);
      if (m.size === 0) continue;
      blocks.push(m);
      if (alo < m.a && blo < m.b) queue.push([alo, m.a, blo, m.b]);
      if (m.a + m.size < ahi && m.b + m.size < bhi) queue.push([m.a + m.size, ahi, m.b + m.size, bhi]);
    }
    return blocks.sort((x, y) => x.a - y.a || x.b - y.b);
  }

  /** `2 * M / T`: M matched characters, T the two lengths together; 1 for two empty strings. */
  ratio(): number {
    const matches = this.matchingBlocks().reduce((sum, m) => sum + m.size, 0);
    return ratioOf(matches, this.a.length + this.b.length);
  }

  /** An upper bound on `ratio()`: characters in common regardless of order. */
  quickRatio(): number {
    const avail = new Map<string, number>();
    for (const ch of this.b) avail.set(ch, (avail.get(ch) ?? 0) + 1);
    let matches = 0;
    for (const ch of this.a) {
      const left = avail.get(ch) ?? 0;
      if (left > 0) matches++;
      avail.set(ch, left - 1);
    }
    return ratioOf(matches, this.a.length + this.b.length);
  }

  /** A looser upper bound: from the lengths alone. */
  realQuickRatio(): number {
    return ratioOf(Math.min(this.a.length, this.b.length), this.a.length + this.b.length);
  }
}

const ratioOf = (matches: number, length: number): number => (length === 0 ? 1 : (2 * matches) / length);
