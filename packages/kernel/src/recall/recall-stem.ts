/** A stem shorter than this would merge unrelated words ("red" from "reds" is fine, "b" from "bed" is not). */
const MIN_STEM_CHARS = 3;
const VOWEL = /[aeiouy]/;
/** Doubled final consonants undone after a cut ("running" -> "run"); l, s and z double in base words ("fall", "miss", "buzz"). */
const UNDOUBLE = /([b-df-hj-kmnp-rtv-xz])\1$/;

const cut = (word: string, suffix: string): string | null => {
  if (!word.endsWith(suffix)) return null;
  const stem = word.slice(0, -suffix.length);
  return stem.length >= MIN_STEM_CHARS && VOWEL.test(stem) ? stem : null;
};

/**
 * A light English stemmer: inflections (plural -s/-es/-ies, -ed, -ing) and a final silent -e are
 * removed, so "paintings", "painted" and "paint", or "loved", "loving" and "love", meet on one
 * term. Deliberately conservative (no derivational suffixes such as -ation or -ness): a question
 * and the turn that answers it mostly differ in inflection, and over-stemming merges topics.
 * Pure; the database engines use their own stemmers (FTS5 porter, PostgreSQL english) with the
 * same aim.
 */
export const recallStem = (word: string): string => {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemOf(word);
    if (stems.size >= MAX_CACHED_STEMS) stems.clear();
    stems.set(word, stem);
  }
  return stem;
};

/** Words seen again and again (every query, every rebuild of an index) are stemmed once; the bound keeps a long-lived process small. */
const MAX_CACHED_STEMS = 100_000;
const stems = new Map<string, string>();

const stemOf = (word: string): string => {
  if (/\d/.test(word) || word.length <= MIN_STEM_CHARS) return word;
  let w = word;
  const ies = cut(w, 'ies');
  if (ies !== null) return `${ies}y`;
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = /(ch|sh|x|z)es$/.test(w) && cut(w, 'es') !== null ? w.slice(0, -2) : w.slice(0, -1);
  const verb = cut(w, 'ing') ?? (w.endsWith('eed') ? null : cut(w, 'ed'));
  if (verb !== null) w = UNDOUBLE.test(verb) ? verb.slice(0, -1) : verb;
  if (w.endsWith('e') && w.length > MIN_STEM_CHARS) w = w.slice(0, -1);
  return w;
};
