/** A name as code and commands spell it: an identifier, or dotted identifiers (`a.b.c`). */
const NAME = /[A-Za-z_][\w-]*(?:\.[A-Za-z_]\w*)*/g;

/** Words a script or command holds at most: a long heredoc is read for its first names, and a turn's record stays small. */
const MAX_CODE_WORDS = 2000;

/**
 * The names a piece of code or a command mentions, each once, in the order first met: every
 * identifier and dotted name (`django.contrib.postgres`), and each part of a dotted name (`django`,
 * `contrib`, `postgres`), so a name a failure said was missing is found however the code spells
 * it. At most `max` names.
 */
export const codeWords = (text: string, max: number = MAX_CODE_WORDS): readonly string[] => {
  const out = new Set<string>();
  for (const m of text.matchAll(NAME)) {
    if (out.size >= max) break;
    out.add(m[0]);
    if (m[0].includes('.')) for (const part of m[0].split('.')) if (out.size < max) out.add(part);
  }
  return [...out];
};
