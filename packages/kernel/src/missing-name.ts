/**
 * What an error line says is absent, by the grammar of the messages that say so (issue 24: "in
 * one repository a command the agent reaches for is not available"): a module
 * (`No module named 'x'`, `Cannot find module 'x'`), a name a module lacks
 * (`cannot import name 'x'`), a program (`bash: x: command not found`, `sh: 1: x: not found`,
 * `zsh: command not found: x`). A later call that mentions the name meets the same absence until
 * something provides it. The grammar is the messages', never a list of names.
 */
const GRAMMAR: readonly RegExp[] = [
  /\bno module named ['"]?([A-Za-z_][\w.]*)/i,
  /\bcannot find module ['"]([^'"\s]+)['"]/i,
  /\bcannot import name ['"]?([A-Za-z_]\w*)/i,
  /\bcommand not found: ([\w.+-]+)/i,
  /(?:^|:\s)([\w.+-]+): (?:command )?not found\s*$/i,
];

/** A name this short is a fragment of something else (`x`, `_`), not a name to watch for. */
const MIN_NAME_CHARS = 2;

/** The name an error line says is missing, or null when the line says nothing is (trailing dots, as in `'a.'`, dropped). */
export const missingName = (errorLine: string): string | null => {
  for (const re of GRAMMAR) {
    const name = re.exec(errorLine)?.[1]?.replace(/\.+$/, '');
    if (name !== undefined && name.length >= MIN_NAME_CHARS) return name;
  }
  return null;
};
