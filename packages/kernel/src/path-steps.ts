import { simpleCommands, type ShellWord, type SimpleCommand } from './simple-commands.js';

/**
 * What a call does to the files by name, step by step: a path it needs to be there (and the
 * program that needs it), a path it removes, a path it may create, `moves` when it changes
 * directory, or `unsure` when it may bring back any file (it restores from version control, or
 * names files the shell would expand).
 */
export type PathStep =
  | { readonly kind: 'needs'; readonly path: string; readonly program: string }
  /** The script an interpreter runs (`python repro.py`): needed like any other path, and a file an agent may believe it wrote. */
  | { readonly kind: 'runs'; readonly path: string; readonly program: string }
  | { readonly kind: 'removes'; readonly path: string }
  | { readonly kind: 'creates'; readonly path: string }
  /** It changes directory: every relative name after it means another file (a host such as Claude Code keeps the directory for later calls). */
  | { readonly kind: 'moves' }
  | { readonly kind: 'unsure' };

/** Programs that fail when a file they are given is not there: removers and readers. `rm -f` is not among them (it ignores what is missing). */
const NEEDS_EVERY_PATH = new Set(['rm', 'rmdir', 'ls', 'cat', 'head', 'tail', 'wc', 'stat']);
/** Interpreters: their first word that is not an option is the script they run, unless an option gives the code (`-c`, `-m`, `-e`). */
const INTERPRETER = /^(python[\d.]*|bash|sh|zsh|node|ruby|perl|source|\.)$/;
const CODE_OPTION = /^-[a-zA-Z]*[cme]$/;
/** An interpreter's options that take the next word as their value (`python -W ignore`, `-X utf8`). */
const VALUE_OPTION = /^-[WX]$/;
/** Programs that never write the files their words name: their words are text, patterns or files they only read. */
const WRITES_NOTHING = new Set(['echo', 'printf', 'grep', 'egrep', 'find', 'diff', 'test', '[', 'true', 'false', 'sleep', 'which', 'type', 'pwd', 'export', 'nl', 'sort', 'uniq']);
/** Words before a program that only set the stage: `time`, `nohup`, `sudo`, `env`. */
const PREFIXES = new Set(['time', 'nohup', 'sudo', 'env', 'command', 'exec']);
/** Programs that may put back any file: version control, archives, package managers and builds restore or make files (`rm -rf node_modules && npm install`). */
const RESTORES = new Set(['git', 'hg', 'svn', 'tar', 'unzip', 'patch', 'pip', 'pip3', 'uv', 'poetry', 'conda', 'npm', 'npx', 'pnpm', 'yarn', 'bun', 'cargo', 'go', 'make', 'cmake', 'ninja', 'mvn', 'gradle', 'bundle', 'composer']);
/** Programs that change directory. */
const MOVES = new Set(['cd', 'pushd', 'popd']);

const norm = (path: string): string => path.replace(/^(\.\/)+/, '').replace(/\/+$/, '').replace(/\/{2,}/g, '/');
const base = (path: string): string => path.replace(/^.*\//, '');

/** The program's words after any environment assignment and stage-setting prefix. */
const programWords = (words: readonly ShellWord[]): readonly ShellWord[] => {
  let i = 0;
  while (i < words.length && (/^[A-Za-z_]\w*=/.test(words[i]?.text ?? '') || PREFIXES.has(words[i]?.text ?? ''))) i++;
  return words.slice(i);
};

/** The script an interpreter runs: its first word that is neither an option nor an option's value; none when an option gives the code. */
const scriptWord = (args: readonly ShellWord[]): ShellWord | undefined => {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as ShellWord;
    if (CODE_OPTION.test(a.text)) return undefined;
    if (VALUE_OPTION.test(a.text)) i++;
    else if (!a.text.startsWith('-')) return a;
  }
  return undefined;
};

const stepsOf = (c: SimpleCommand): PathStep[] => {
  const steps: PathStep[] = [];
  const words = programWords(c.words);
  const [head, ...args] = words;
  for (const f of c.from) steps.push(f.literal ? { kind: 'needs', path: norm(f.text), program: head?.text ?? '<' } : { kind: 'unsure' });
  if (head !== undefined) {
    const program = base(head.text);
    const options = args.filter((a) => a.text.startsWith('-'));
    const operands = args.filter((a) => !a.text.startsWith('-'));
    const literalOperands = operands.filter((a) => a.literal && a.text !== '');
    if (MOVES.has(program)) steps.push({ kind: 'moves' });
    else if (!head.literal || RESTORES.has(program)) steps.push({ kind: 'unsure' });
    else if (head.text.includes('/')) steps.push({ kind: 'needs', path: norm(head.text), program: head.text });
    else if (INTERPRETER.test(program)) {
      const word = scriptWord(args);
      if (word !== undefined && word.literal) steps.push({ kind: 'runs', path: norm(word.text), program });
    } else if (program === 'rm' || program === 'rmdir') {
      const force = options.some((o) => o.text === '--force' || /^-[a-zA-Z]*f/.test(o.text));
      if (!force) for (const a of literalOperands) steps.push({ kind: 'needs', path: norm(a.text), program });
      if (operands.some((a) => !a.literal)) steps.push({ kind: 'unsure' });
      for (const a of literalOperands) steps.push({ kind: 'removes', path: norm(a.text) });
    } else if (NEEDS_EVERY_PATH.has(program)) {
      for (const a of literalOperands) steps.push({ kind: 'needs', path: norm(a.text), program });
    } else if ((program === 'mv' || program === 'cp' || program === 'ln') && literalOperands.length >= 2) {
      const sources = literalOperands.slice(0, -1);
      const dest = norm((literalOperands.at(-1) as ShellWord).text);
      if (program === 'mv') for (const a of sources) steps.push({ kind: 'removes', path: norm(a.text) });
      steps.push({ kind: 'creates', path: dest });
      // Into a folder: each source lands there under its own name.
      for (const a of sources) steps.push({ kind: 'creates', path: `${dest}/${base(norm(a.text))}` });
    } else if (!WRITES_NOTHING.has(program)) {
      // Any other program may write the files it is given (a generator's output, `touch`, `mkdir`, `tee`).
      for (const a of literalOperands) steps.push({ kind: 'creates', path: norm(a.text) });
      if (operands.some((a) => !a.literal)) steps.push({ kind: 'unsure' });
    }
  }
  for (const f of c.into) steps.push(f.literal ? { kind: 'creates', path: norm(f.text) } : { kind: 'unsure' });
  return steps;
};

/**
 * What a call does to files by name, in order (`PathStep`): for a shell command, each simple
 * command's needs (what a remover or reader is given, a program run by its path, a file read
 * with `<`; the script an interpreter runs is `runs`), then what it removes (`rm`, `rmdir`, the sources of
 * `mv`) and what it may create (a redirect's file, `cp`/`mv`/`ln`'s destination, and any path
 * given to a program not known to only read); for Write, the file it creates; for Read and Edit,
 * the file they need. Paths are as the call names them (`./a` is `a`); the order lets a caller
 * follow a call that writes a file and then runs it.
 */
export const pathSteps = (tool: string, input: unknown): readonly PathStep[] => {
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const command = fields['command'];
  if (typeof command === 'string') return simpleCommands(command).flatMap(stepsOf);
  const path = fields['file_path'];
  if (typeof path !== 'string' || path === '') return [];
  if (tool === 'Write') return [{ kind: 'creates', path: norm(path) }];
  if (tool === 'Read' || tool === 'Edit') return [{ kind: 'needs', path: norm(path), program: tool }];
  return [];
};
