/** A whole word that names a file with an extension (`repro.py`, `/testbed/a/b.txt`, `setup.cfg`). */
const FILE_NAME = /^[\w.-]*\w\.[A-Za-z]\w{0,7}$/;
/** Characters no file name here holds: a word of an output ends at them. */
const NOT_IN_NAME = /[^\w./-]+/;
/** Longer words are not file names (a path of this length names no file an agent wrote); the bound keeps the test linear. */
const MAX_WORD = 255;

/**
 * The names (without their folders) of the files a text mentions that have an extension, each
 * once, in order: the files a listing, a traceback or a message shows exist. A name without an
 * extension (a folder, `Makefile`) is not told from a word and is not given. Linear in the text:
 * it is split into words first and only words of a file name's length are tested.
 */
export const fileNames = (text: string): readonly string[] => {
  const out = new Set<string>();
  for (const word of text.split(NOT_IN_NAME)) {
    if (word.length > MAX_WORD) continue;
    const name = word.replace(/\.+$/, '').replace(/^.*\//, '');
    if (FILE_NAME.test(name)) out.add(name);
  }
  return [...out];
};
