/** Characters a proposed text must share verbatim with a tool's result to count as quoted from it: a sentence, not a common phrase. */
export const MIN_QUOTED_RUN = 40;

const squash = (s: string): string => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Whether `text` copies a run of at least `MIN_QUOTED_RUN` characters from one of `sources`
 * (what tools returned this turn), whitespace and case aside: such words are the tool's, not the
 * model's, and get the trust tier `quoted`. Pure; windows start at word boundaries, so the cost
 * is words x sources.
 */
export const quotedFrom = (text: string, sources: readonly string[]): boolean => {
  const t = squash(text);
  if (t.length < MIN_QUOTED_RUN || sources.length === 0) return false;
  const hay = sources.map(squash).filter((s) => s.length >= MIN_QUOTED_RUN);
  if (hay.length === 0) return false;
  for (let i = 0; i + MIN_QUOTED_RUN <= t.length; i = t.indexOf(' ', i) + 1) {
    const window = t.slice(i, i + MIN_QUOTED_RUN);
    if (hay.some((h) => h.includes(window))) return true;
    if (t.indexOf(' ', i) < 0) break;
  }
  return false;
};
