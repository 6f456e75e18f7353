/** Runs of key-shaped characters worth a look (a keyword-less secret, such as a bare AWS key). */
export interface RunSpec {
  readonly chars: string;
  /** Characters that may continue a token: a run touching one is part of something longer. */
  readonly borders: string;
  readonly length: number;
}

/**
 * Finds the tokens (maximal stretches of run and border characters) that are exactly
 * `spec.length` run characters, and pushes where they start onto `out`, ascending.
 *
 * It reads one character in `length`, not every one: a token of exactly `length` characters
 * covers exactly one position `p` with `p % length === length - 1`, so only tokens through those
 * positions are measured (outwards from `p`), and the next look is past the token's end. Ordinary
 * text costs a few reads per `length` characters; a long base64 blob, each character once.
 */
export const keyShapedRunFinder = (spec: RunSpec): ((text: string, bytes: Uint8Array | undefined, out: number[]) => void) => {
  // 1: a run character; 2: a border character; 0: anything else (ends a token).
  const cls = new Uint8Array(256);
  for (const c of spec.chars) cls[c.charCodeAt(0)] = 1;
  for (const c of spec.borders) cls[c.charCodeAt(0)] = 2;
  const length = spec.length;
  /** One loop over any indexable source of character codes (bytes, or a string's codes). */
  const find = (n: number, classAt: (i: number) => number, out: number[]): void => {
    for (let p = length - 1; p < n; p += length) {
      let c = classAt(p);
      if (c === 0) continue;
      let bordered = c === 2;
      let start = p;
      while (start > 0 && (c = classAt(start - 1)) !== 0) {
        start--;
        if (c === 2) bordered = true;
      }
      let end = p + 1;
      while (end < n && (c = classAt(end)) !== 0) {
        end++;
        if (c === 2) bordered = true;
      }
      if (!bordered && end - start === length) out.push(start);
      // The next token starts after `end`; skip the looks that fall inside this one.
      if (end > p + length) p += Math.floor((end - p) / length) * length;
    }
  };
  return (text, bytes, out) => {
    if (bytes !== undefined) find(text.length, (i) => cls[bytes[i] as number] as number, out);
    else
      find(
        text.length,
        (i) => {
          const code = text.charCodeAt(i);
          return code < 128 ? (cls[code] as number) : 0;
        },
        out,
      );
  };
};
