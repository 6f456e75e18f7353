/** A text read as a claim: the words it is about, and whether it asserts or denies them. */
export interface Claim {
  /** Lower-cased content words, negations and filler removed, a plural `s` dropped. */
  readonly subject: ReadonlySet<string>;
  /** True when the claim denies (never X, do not X, avoid X); a rule under `## Never` always denies. */
  readonly negated: boolean;
}

/** Words that flip a claim's polarity; each occurrence flips once ("not without X" asserts X). */
const NEGATIONS: ReadonlySet<string> = new Set(['never', 'not', "don't", 'dont', "doesn't", 'no', 'avoid', "shouldn't", "mustn't", "can't", 'cannot', 'without', 'stop']);

/** Words that carry no subject: modal and filler words that both sides of a contradiction share or drop freely. */
const FILLER: ReadonlySet<string> = new Set([
  'always', 'do', 'does', 'should', 'must', 'please', 'you', 'we', 'i', 'the', 'a', 'an', 'to', 'be', 'is', 'are', 'it', 'of', 'for', 'in', 'on', 'and', 'or', 'ever', 'any', 'all', 'instead',
]);

const stem = (w: string): string => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/** Reads a text (and its rule kind) as a claim. Pure. */
export const claimOf = (text: string, kind: string | null): Claim => {
  const words = text
    .toLowerCase()
    .replace(/[\u2019`]/g, "'")
    .split(/[^a-z0-9'_+.#-]+/)
    .map((w) => w.replace(/^[.'-]+|[.'-]+$/g, ''))
    .filter((w) => w !== '');
  let flipped = false;
  const subject = new Set<string>();
  for (const w of words) {
    if (NEGATIONS.has(w)) flipped = !flipped;
    else if (!FILLER.has(w)) subject.add(stem(w));
  }
  // Under `## Never` the text usually restates the negation ("Never print keys"): the kind decides, not a double negation.
  return { subject, negated: kind === 'never' || flipped };
};

/** |a ∩ b| / |a ∪ b|; 0 for two empty sets (nothing in common to contradict). */
export const jaccard = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  if (a.size === 0 && b.size === 0) return 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return common / (a.size + b.size - common);
};
