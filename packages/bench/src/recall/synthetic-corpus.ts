/**
 * A seeded synthetic conversation for the recall scale runs: turns of pseudo-words drawn from a
 * Zipf distribution (a few words very common, most rare, as in natural text), and questions that
 * mix three words of one stored turn (the one a question is "about") with common words. Nothing in
 * it comes from a data set, so a scale run tunes nothing on one.
 */

/** The seed the scale runs share: the files and the PostgreSQL runs store the same turns and ask the same questions. */
export const SYNTHETIC_SEED = 20_251_129;

/** Distinct words: the order of a working vocabulary; large enough that rare words stay rare at a million turns. */
const VOCABULARY = 30_000;
/** Zipf's exponent for word frequency in English text (about 1). */
const ZIPF_S = 1.05;
/** Words of a turn: a short chat message to a long one. */
const MIN_WORDS = 6;
const MAX_WORDS = 24;
/** Words a question takes from the turn it asks about, and common words around them. */
const ABOUT_WORDS = 3;
const COMMON_WORDS = 3;
const SYLLABLES = ['ka', 'lo', 'mi', 'ten', 'ra', 'vos', 'du', 'pel', 'si', 'gar', 'no', 'tu', 'bel', 'fa', 'zi', 'mor', 'ek', 'an', 'ul', 'pri'];
const SPEAKERS = ['Ada', 'Bo', 'Cyd', 'Dee'];

/** A 32-bit seeded generator (mulberry32): the same seed gives the same corpus on every machine. */
const seededRandom = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/**
 * The most frequent words of written English, at the head of the Zipf ranks as in real text: the
 * rankers drop them as stop words, so the pseudo-words after them are as frequent as content words.
 */
const FUNCTION_WORDS = ['the', 'and', 'to', 'of', 'a', 'i', 'you', 'it', 'is', 'that', 'in', 'was', 'for', 'on', 'my', 'with', 'we', 'have', 'so', 'but'];

/** Word `i` of the vocabulary: the function words first, then pseudo-words whose syllables are the digits of `i` in base 20 (each distinct). */
const wordAt = (i: number): string => {
  if (i < FUNCTION_WORDS.length) return FUNCTION_WORDS[i] ?? '';
  let s = '';
  let x = i + SYLLABLES.length; // at least two syllables
  while (x > 0) {
    s += SYLLABLES[x % SYLLABLES.length] ?? '';
    x = Math.floor(x / SYLLABLES.length);
  }
  return s;
};

/** A generator of turns and questions from one seed. */
export interface SyntheticCorpus {
  /** The text of the next turn (`SPEAKER: words`), and its speaker. */
  turn(): { readonly speaker: string; readonly text: string };
  /** A question about `text` (a stored turn): three of its words among common ones. */
  question(text: string): string;
  /**
   * A question of only the commonest words the rankers keep (the first pseudo-words, each in
   * several percent of turns): the most rows a question can match, the worst case of ranking.
   */
  commonQuestion(): string;
}

export const syntheticCorpus = (seed: number): SyntheticCorpus => {
  const random = seededRandom(seed);
  const words = Array.from({ length: VOCABULARY }, (_, i) => wordAt(i));
  const cdf = new Float64Array(VOCABULARY);
  let total = 0;
  for (let r = 0; r < VOCABULARY; r++) cdf[r] = total += 1 / (r + 1) ** ZIPF_S;
  const zipf = (): string => {
    const u = random() * total;
    let lo = 0;
    let hi = VOCABULARY - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cdf[mid] ?? 0) < u) lo = mid + 1;
      else hi = mid;
    }
    return words[lo] ?? '';
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  return {
    turn() {
      const n = MIN_WORDS + Math.floor(random() * (MAX_WORDS - MIN_WORDS + 1));
      const speaker = pick(SPEAKERS);
      return { speaker, text: `${speaker}: ${Array.from({ length: n }, zipf).join(' ')}` };
    },
    question(text) {
      const own = text.slice(text.indexOf(':') + 1).trim().split(' ');
      const about = Array.from({ length: ABOUT_WORDS }, () => pick(own));
      const common = Array.from({ length: COMMON_WORDS }, zipf);
      return `${[...common.slice(0, 1), ...about, ...common.slice(1)].join(' ')}?`;
    },
    commonQuestion() {
      const commonest = words.slice(FUNCTION_WORDS.length, FUNCTION_WORDS.length + COMMON_WORDS);
      return `${FUNCTION_WORDS[0] ?? ''} ${commonest.join(' ')}?`;
    },
  };
};

/**
 * The turns asked about: a seeded reservoir sample of `want` of the texts offered, so questions
 * spread over the whole corpus, not its start, and a seed gives the same sample on every machine.
 */
export const turnSample = (seed: number, want: number) => {
  const random = seededRandom(seed);
  const kept: string[] = [];
  let seen = 0;
  return {
    offer(text: string): void {
      seen++;
      if (kept.length < want) kept.push(text);
      else {
        const j = Math.floor(random() * seen);
        if (j < want) kept[j] = text;
      }
    },
    kept: (): readonly string[] => kept,
  };
};
