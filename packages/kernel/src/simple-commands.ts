import { commandHead } from './command-head.js';

/** A word as the shell would pass it, quotes removed; `literal` is false when the shell would expand it (`$`, a backquote, a glob, `~`, braces). */
export interface ShellWord {
  readonly text: string;
  readonly literal: boolean;
}

/** One simple command of a shell line: its words, the files it redirects into (`>`, `>>`) and reads from (`<`). */
export interface SimpleCommand {
  readonly words: readonly ShellWord[];
  readonly into: readonly ShellWord[];
  readonly from: readonly ShellWord[];
}

/** Characters that end a simple command outside quotes. */
const SEPARATORS = new Set([';', '&', '|', '(', ')', '\n']);
/** Characters the shell expands outside quotes: the word then names no file engram can know. */
const EXPANDING = new Set(['$', '`', '*', '?', '[', '{']);

/**
 * The simple commands of a shell command, in order, as far as a plain reading can tell: words
 * split on blanks and on `;`, `&&`, `||`, `|`, parentheses and newlines, with quotes and escapes
 * removed, heredoc bodies left out (`commandHead`), comments dropped, and redirects taken apart
 * from the words. A line with a quote left open is a syntax error the shell runs none of: none. Not a shell: a word the shell would expand is kept but marked not literal, so a
 * caller that must be sure of a file's name can leave it out.
 */
export const simpleCommands = (command: string): readonly SimpleCommand[] => {
  const s = commandHead(command);
  const out: SimpleCommand[] = [];
  let words: ShellWord[] = [];
  let into: ShellWord[] = [];
  let from: ShellWord[] = [];
  let text = '';
  let literal = true;
  let started = false;
  /** Where the next word goes: the words, a redirect's file, or nowhere (a heredoc's delimiter, a here-string, a descriptor). */
  let next: 'word' | 'into' | 'from' | 'skip' = 'word';
  const endWord = (): void => {
    if (!started) return;
    const word = { text, literal: literal && !text.startsWith('~') };
    if (next === 'into') into.push(word);
    else if (next === 'from') from.push(word);
    else if (next === 'word') words.push(word);
    next = 'word';
    text = '';
    literal = true;
    started = false;
  };
  const endCommand = (): void => {
    endWord();
    if (words.length > 0 || into.length > 0 || from.length > 0) out.push({ words, into, from });
    words = [];
    into = [];
    from = [];
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === "'") {
      const close = s.indexOf("'", i + 1);
      // An unclosed quote is a syntax error: the shell runs none of the line.
      if (close < 0) return [];
      text += s.slice(i + 1, close);
      started = true;
      i = close;
    } else if (c === '"') {
      started = true;
      for (i++; i < s.length && s[i] !== '"'; i++) {
        if (s[i] === '\\' && i + 1 < s.length && '$`"\\\n'.includes(s[i + 1] as string)) text += s[++i];
        else {
          if (s[i] === '$' || s[i] === '`') literal = false;
          text += s[i];
        }
      }
      if (i >= s.length) return [];
    } else if (c === '\\') {
      if (i + 1 < s.length && s[i + 1] !== '\n') text += s[i + 1];
      started = started || s[i + 1] !== '\n';
      i++;
    } else if (c === '#' && !started) {
      while (i + 1 < s.length && s[i + 1] !== '\n') i++;
    } else if (c === ' ' || c === '\t') {
      endWord();
    } else if (SEPARATORS.has(c)) {
      endCommand();
    } else if (c === '>' || c === '<') {
      // A descriptor before the operator (`2>`, `&>`) is not a word.
      if (started && /^\d*$|^&$/.test(text)) {
        text = '';
        started = false;
      } else endWord();
      if (c === '>') {
        if (s[i + 1] === '>' || s[i + 1] === '|') i++;
        // `>&2`, `2>&1`: into a descriptor, not a file.
        if (s[i + 1] === '&') {
          i++;
          next = 'skip';
        } else next = 'into';
      } else if (s[i + 1] === '<') {
        // `<<EOF` names a heredoc's delimiter, `<<<` a string: neither is a file.
        i += s[i + 2] === '<' ? 2 : 1;
        next = 'skip';
      } else next = 'from';
    } else {
      if (EXPANDING.has(c)) literal = false;
      text += c;
      started = true;
    }
  }
  endCommand();
  return out;
};
