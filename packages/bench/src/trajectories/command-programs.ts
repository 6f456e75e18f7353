/** Words that start a shell segment without naming what it runs: the kind of a call is what follows them. */
const PREFIXES = new Set(['cd', 'sudo', 'env', 'time', 'timeout', 'nohup', 'exec', 'then', 'do', 'else', 'if', 'while', 'until', '!', '{', '(']);
/** Builtins and keywords that say nothing about what a call is for (`set -e`, `export X=1`, `fi`). */
const NOT_PROGRAMS = new Set(['set', 'export', 'source', '.', 'exit', 'return', 'true', 'false', 'fi', 'done', 'esac', 'for', 'case', 'in', 'function', '}', ')', 'test', '[', '[[', 'read', 'shift', 'unset', 'local', 'declare']);
const HEREDOC = /<<-?\s*(['"]?)([\w.-]+)\1/;
const ASSIGNMENT = /^[A-Za-z_]\w*=/;
/** The kind given to a call that names no program (only `cd`, only assignments). */
const NO_PROGRAM = 'shell';

/** The command without heredoc bodies and quoted strings: what is left is the shell's own words. */
const shellWords = (command: string): string => {
  const kept: string[] = [];
  let until: string | null = null;
  for (const line of command.split('\n')) {
    if (until !== null) {
      if (line.trim() === until) until = null;
      continue;
    }
    kept.push(line);
    until = HEREDOC.exec(line)?.[2] ?? null;
  }
  return kept
    .join('\n')
    .replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, ' ')
    .replace(/\\\n/g, ' ');
};

const programOf = (segment: string): string | null => {
  const words = segment.trim().split(/\s+/).filter((w) => w !== '');
  let k = 0;
  while (k < words.length && (PREFIXES.has(words[k] ?? '') || ASSIGNMENT.test(words[k] ?? '') || (words[k - 1] === 'cd' && k > 0))) k++;
  const word = words[k];
  if (word === undefined || word.startsWith('-') || word.startsWith('>') || word.startsWith('<')) return null;
  const base = word.split('/').pop() ?? word;
  return base === '' || NOT_PROGRAMS.has(base) ? null : base.toLowerCase();
};

/**
 * The programs a shell command runs, in order, each once: the first word of every segment
 * (split at `&&`, `||`, `;`, `|` and line ends), after `cd DIR`, `sudo`, `env`, `VAR=value` and
 * the like, as a base name (`./tests/runtests.py` is `runtests.py`). Heredoc bodies and quoted
 * strings are not read as commands.
 */
export const commandPrograms = (command: string): string[] => {
  const out: string[] = [];
  for (const segment of shellWords(command).split(/&&|\|\||[;|\n&]/)) {
    const p = programOf(segment);
    if (p !== null && !out.includes(p)) out.push(p);
  }
  return out;
};

/** A call's kind, for the base rate it is judged against: the first program it runs that is not `cd`/`echo` scaffolding. */
export const callKind = (command: string): string => {
  const programs = commandPrograms(command);
  return programs.find((p) => p !== 'echo' && p !== 'cat' && p !== 'printf') ?? programs[0] ?? NO_PROGRAM;
};
