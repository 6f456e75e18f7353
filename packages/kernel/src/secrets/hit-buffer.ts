/** Pairs the buffer starts with room for; it doubles when full. */
const INITIAL_PAIRS = 1024;

/**
 * (keyword, position) pairs found by a scan, in one growable typed array reused from call to
 * call: the prefilter reports a hit every hundred characters or so of ordinary output, and an
 * object or closure call per hit was a large part of the scrubber's time.
 */
export class HitBuffer {
  private data = new Int32Array(INITIAL_PAIRS * 2);
  private size = 0;

  /** Number of pairs held. */
  get count(): number {
    return this.size >> 1;
  }

  clear(): void {
    this.size = 0;
  }

  push(keyword: number, at: number): void {
    if (this.size === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.size++] = keyword;
    this.data[this.size++] = at;
  }

  keywordAt(pair: number): number {
    return this.data[pair * 2] as number;
  }

  positionAt(pair: number): number {
    return this.data[pair * 2 + 1] as number;
  }
}
