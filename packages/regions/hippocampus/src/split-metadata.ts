/**
 * Anton's trailing metadata comment (anton.md §6.4): it must close at the end of the line and
 * hold no `>`; the leftmost such comment wins.
 */
const TRAILING_COMMENT = /\s*<!--([^>]*)-->\s*$/;
/** A comment at the end of the line that the grammar above refuses (it holds a `>`). */
const REFUSED_COMMENT = /<!--[\s\S]*-->\s*$/;
/** `key:value` pairs; Python's `\w` is Unicode-aware, so letters and digits of any script count. */
const PAIR = /([\p{L}\p{N}_]+):(\S+)/gu;

export interface MetadataSplit {
  /** The entry text, trimmed. */
  readonly body: string;
  /** The comment's inner text, verbatim; null when there is none. */
  readonly comment: string | null;
  /** True when a comment ends the line but cannot be read (it stays part of the body, as in Anton). */
  readonly refused: boolean;
}

export const splitMetadata = (text: string): MetadataSplit => {
  const m = TRAILING_COMMENT.exec(text);
  if (m === null) return { body: text.trim(), comment: null, refused: REFUSED_COMMENT.test(text) };
  return { body: text.slice(0, m.index).trim(), comment: m[1] ?? '', refused: false };
};

/** Every `key:value` pair in order, duplicates included (later ones override earlier ones). */
export const metadataPairs = (comment: string): [string, string][] => Array.from(comment.matchAll(PAIR), (m) => [m[1] ?? '', m[2] ?? '']);

/**
 * Sets one key in a comment, leaving every other character as it was (unknown keys, prose,
 * spacing): the last pair with that key gets the new value, or the pair is appended.
 * `value` must hold no whitespace and no `>`.
 */
export const setMetadataValue = (comment: string, key: string, value: string): string => {
  const matches = Array.from(comment.matchAll(PAIR)).filter((m) => m[1] === key);
  const last = matches.at(-1);
  if (last === undefined) {
    const trimmedEnd = comment.replace(/\s+$/, '');
    const lead = trimmedEnd === '' ? ' ' : `${trimmedEnd} `;
    return `${lead}${key}:${value} `;
  }
  const start = last.index + key.length + 1;
  return `${comment.slice(0, start)}${value}${comment.slice(start + (last[2] ?? '').length)}`;
};
