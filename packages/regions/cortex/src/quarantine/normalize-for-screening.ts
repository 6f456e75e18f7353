/**
 * Zero-width and bidirectional-control characters, the Unicode tag block and the soft hyphen:
 * invisible in a terminal or a prompt, so a memory has no honest use for them, and they split
 * words ("ig\u200Bnore") so a pattern would not see them.
 */
const INVISIBLE_CHARACTERS = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\u{E0000}-\u{E007F}]/gu;

/**
 * Letters of other scripts that look like Latin ones (Unicode's confusables, the ones attackers
 * use): folded to Latin so "іgnore" (Cyrillic і) reads as "ignore". Full-width forms are folded
 * by NFKC before this runs.
 */
const CONFUSABLES: Readonly<Record<string, string>> = {
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', ɡ: 'g', ɩ: 'i', ո: 'n', ս: 'u',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', І: 'I', Ј: 'J', Ѕ: 'S',
  α: 'a', β: 'b', ε: 'e', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', Α: 'A', Β: 'B', Ε: 'E', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Χ: 'X', Υ: 'Y', Ζ: 'Z',
};
const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');

/** A zero-width joiner inside an emoji sequence (woman, skin tone, ZWJ, microscope): it joins pictures, which is what it is for, and hides no letter. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}(?:\u{FE0F}|\u{1F3FB}|\u{1F3FC}|\u{1F3FD}|\u{1F3FE}|\u{1F3FF})?)\u200D(?=\p{Extended_Pictographic})/gu;
/** The tag characters of a subdivision flag: a black flag, a region code (ISO 3166-2, e.g. "gbeng") spelled in tags, the cancel tag. */
const FLAG_TAGS = /(?<=\u{1F3F4})[\u{E0061}-\u{E007A}]{2}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,3}\u{E007F}/gu;
/** A (non-)joiner between letters of a script that spells with one (Persian, the Indic scripts); Latin, Greek and Cyrillic words have no use for it. */
const SCRIPT_JOINER = /(?<=(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])[\p{L}\p{M}])[\u200C\u200D](?=(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])[\p{L}\p{M}])/gu;

/** Whether the text holds an invisible character that is not part of an emoji or of a script's spelling. */
export const hasHiddenCharacters = (raw: string): boolean => new RegExp(INVISIBLE_CHARACTERS.source, 'u').test(raw.replace(EMOJI_JOINER, '').replace(FLAG_TAGS, '').replace(SCRIPT_JOINER, ''));

/** Whether the text holds a letter that only looks Latin (its script is not). */
export const hasConfusable = (text: string): boolean => new RegExp(CONFUSABLE.source, 'u').test(text.normalize('NFKC'));

/**
 * The form the patterns read: NFKC (full-width and compatibility forms folded), invisible
 * characters removed, look-alike letters folded to Latin, lower case, whitespace collapsed.
 * Screening reads this; what is stored is the text as given.
 */
export const normalizeForScreening = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(INVISIBLE_CHARACTERS, '')
    .replace(CONFUSABLE, (c) => CONFUSABLES[c] ?? c)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
