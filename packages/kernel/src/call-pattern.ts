import { toolTarget } from './tool-target.js';
import { toolTargetPattern } from './tool-target-pattern.js';
import { commandHead } from './command-head.js';
import { perObject } from './per-object.js';

/**
 * What a call does, as lessons tell calls apart: the program and its subcommand for a shell
 * command (`python -m pytest`, `git stash`, `npm test`), the tool and the kind of its target for
 * any other tool (`Read *.cbl`). Arguments that vary from one use to the next (paths, test names,
 * heredoc bodies) are left out, so the same mistake made again next week has the same pattern.
 */
export interface CallPattern {
  /** The tool (`Bash`, `Read`, an MCP tool). */
  readonly tool: string;
  /** `python -m pytest`, `Read *.py`; '' when the call names nothing to key on. */
  readonly pattern: string;
  /** The program (shell) or the tool: what "the same job" is judged by. */
  readonly program: string;
  /** The call's target (a path, URL, name) or null. */
  readonly target: string | null;
  /** The call changes files (an edit tool, a shell redirect, `sed -i`, `mv`, `rm`, a package install). */
  readonly writes: boolean;
  /**
   * The call only looks (`cat`, `ls`, `grep`, `sed -n`, a Read): it neither changes files nor runs
   * anything that could change the world. Such a call does no failed job over (it is not a
   * recovery) and changes nothing a retry would meet.
   */
  readonly readOnly: boolean;
}

/** Tools whose purpose is to change files: after one, the world a failure happened in is different. */
const WRITE_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'str_replace_editor', 'apply_patch']);
/** Tools that only look at files or the web: after one, the world is as it was. */
const READ_TOOLS = new Set(['Read', 'Grep', 'Glob', 'LS', 'WebFetch', 'WebSearch', 'NotebookRead']);
/**
 * Shell programs that only print what is there (files, folders, text, the environment). A
 * command of these alone, with no write, is an inspection. `sed` and `awk` count only without a
 * write (an in-place edit or a redirect is caught by `SHELL_WRITE` first).
 */
const VIEW_PROGRAMS = new Set(['cat', 'less', 'more', 'head', 'tail', 'ls', 'll', 'tree', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'find', 'fd', 'locate', 'wc', 'stat', 'file', 'nl', 'sed', 'awk', 'cut', 'sort', 'uniq', 'diff', 'cmp', 'which', 'type', 'whereis', 'pwd', 'echo', 'printf', 'od', 'xxd', 'hexdump', 'du', 'df', 'env', 'printenv', 'whoami', 'id', 'date', 'basename', 'dirname', 'realpath', 'readlink', 'column', 'tr', 'true', 'false', 'test']);
/** Subcommands of version control that only look. */
const GIT_VIEWS = new Set(['status', 'diff', 'log', 'show', 'grep', 'blame', 'ls-files', 'branch', 'rev-parse', 'describe']);
/** Shell-command tools, by name and by input field. */
const SHELL_FIELD = 'command';

/** Words before the program that do not name it. */
const PREFIX_WORDS = new Set(['sudo', 'env', 'time', 'nice', 'timeout', 'exec', 'command', 'xargs', 'nohup']);
/** Segments that only set the stage: the next segment is the one that does the job. */
const STAGE_PROGRAMS = new Set(['cd', 'export', 'source', '.', 'set', 'true', 'echo', 'pushd', 'popd', 'unset', 'alias']);
/** Programs whose first argument is a subcommand (`git stash`, `npm test`); others keep a first argument only when it names a script. */
const SUBCOMMAND_PROGRAMS = new Set(['git', 'npm', 'pnpm', 'yarn', 'npx', 'cargo', 'go', 'docker', 'kubectl', 'pip', 'pip3', 'make', 'poetry', 'uv', 'conda', 'apt', 'apt-get', 'brew', 'dotnet', 'mvn', 'gradle', 'bundle', 'rake', 'tox', 'nox', 'django-admin', 'manage.py']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** Shell writes: a redirect into a file (not a descriptor or /dev/null), in-place edits, moves and removals, installs, patches. */
const SHELL_WRITE = /(?:^|[^0-9&<>])>>?\s*(?!&|\/dev\/null)[^\s|&;]|\bsed\s+(?:-[a-zA-Z]*i|--in-place)|\b(?:mv|cp|rm|mkdir|touch|tee|patch|truncate|ln)\s|\bgit\s+(?:apply|checkout|stash|reset|restore|am|cherry-pick|revert)\b|\bpip3?\s+install\b|\b(?:npm|pnpm|yarn)\s+(?:install|add|i)\b/;

/** Programs that, redirected into a file, only write what a later segment runs (`cat <<EOF > x.py ... EOF; python x.py`). */
const WRITING_STAGE = new Set(['cat', 'printf']);
const INTO_FILE = /(?:^|\s)>>?\s*(?!&|\/dev\/null)\S/;

/** A script argument: what the program runs, kept by its file name (the folder varies). */
const SCRIPT = /\.(?:py|js|mjs|cjs|ts|sh|rb|pl|php)$/;

const base = (word: string): string => word.replace(/^.*\//, '');

/** `python3.11` and `python3` are one program for a lesson: what is missing from one is missing from the other. */
const programName = (word: string): string => base(word).replace(/^(python|pip|node)[0-9.]*$/, '$1');

/** Shell words of one segment, quotes removed (no expansion: a lesson keys on what was typed). */
const words = (segment: string): string[] => {
  const out: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (let m = re.exec(segment); m !== null; m = re.exec(segment)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
};

/** A segment's program and the words after it, past variable assignments and prefix words (`sudo`, `env`); null for an empty segment or a comment. */
const segmentHead = (segment: string): { program: string; rest: string[] } | null => {
  const ws = words(segment).filter((w) => w !== '');
  let i = 0;
  while (i < ws.length && (ASSIGNMENT.test(ws[i] ?? '') || PREFIX_WORDS.has(ws[i] ?? ''))) i++;
  const first = ws[i];
  if (first === undefined || first.startsWith('#')) return null;
  return { program: programName(first), rest: ws.slice(i + 1) };
};

/** The pattern of one shell segment, or null when it only sets the stage. */
const segmentPattern = (segment: string): { pattern: string; program: string; target: string | null } | null => {
  const head = segmentHead(segment);
  if (head === null || STAGE_PROGRAMS.has(head.program)) return null;
  const { program, rest } = head;
  let sub: string | null = null;
  let target: string | null = null;
  for (let j = 0; j < rest.length; j++) {
    const a = rest[j] ?? '';
    if (a === '|' || a.startsWith('>') || a.startsWith('<') || a === '&&' || a === '2>&1') break;
    if ((a === '-m' || a === '-p') && rest[j + 1] !== undefined && (program === 'python' || program === 'node')) {
      sub = `${a} ${rest[j + 1] ?? ''}`;
      break;
    }
    if (a === '-c' || a === '-e') {
      sub = a;
      break;
    }
    if (a.startsWith('-')) continue;
    if (SCRIPT.test(a)) {
      sub = base(a);
      target = a;
    } else if (SUBCOMMAND_PROGRAMS.has(program)) sub = a;
    else target = a;
    break;
  }
  return { pattern: sub === null ? program : `${program} ${sub}`, program, target };
};

/** A shell segment that only looks: empty, a stage word (`cd`), a viewing program, or a looking `git` subcommand. */
const viewOnly = (segment: string): boolean => {
  const head = segmentHead(segment);
  if (head === null) return true;
  const { program, rest } = head;
  if (program === 'git') return GIT_VIEWS.has(rest[0] ?? '');
  return VIEW_PROGRAMS.has(program) || (STAGE_PROGRAMS.has(program) && program !== 'source' && program !== '.');
};

/**
 * The pattern of a call. A shell command is cut at `&&`, `||`, `;`, pipes and newlines (heredoc
 * bodies dropped) and keyed on its first segment that does the job (after `cd`, `export` and the
 * like, and after a `cat`/`printf` that only writes the file a later segment runs): the program,
 * its `-m module` or script file name or subcommand. Another tool is keyed on
 * its name and its target's kind (`toolTargetPattern`: `*.py` for a file, the name otherwise).
 */
export const callPattern = (tool: string, input: unknown): CallPattern => {
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const command = fields[SHELL_FIELD];
  if (typeof command === 'string') {
    const key = `${tool}\u0000${command}`;
    let known = BY_COMMAND.get(key);
    if (known === undefined) {
      if (BY_COMMAND.size >= MAX_REMEMBERED_COMMANDS) BY_COMMAND.clear();
      known = Object.freeze(shellPattern(tool, command));
      BY_COMMAND.set(key, known);
    }
    return known;
  }
  if (typeof input !== 'object' || input === null) return otherPattern(tool, input);
  const perTool = byInput(input);
  let known = perTool.get(tool);
  if (known === undefined) perTool.set(tool, (known = Object.freeze(otherPattern(tool, input))));
  return known;
};

/**
 * Every core that keys on calls reads a session's calls again each time a hook resumes it (about
 * 700 calls of `callPattern` for a session of 40 tool calls): the pattern of a command, or of a
 * tool's input object, is worked out once per process. Bounded: a long-lived service meets ever
 * new commands.
 */
const MAX_REMEMBERED_COMMANDS = 2048;
const BY_COMMAND = new Map<string, CallPattern>();
const byInput = perObject((_input: object) => new Map<string, CallPattern>());

const shellPattern = (tool: string, command: string): CallPattern => {
  const head = commandHead(command);
  const writes = SHELL_WRITE.test(head);
  const segments = head.split(/&&|\|\||;|\||\n/);
  const readOnly = !writes && segments.every((segment) => viewOnly(segment.trim()));
  let staged: ReturnType<typeof segmentPattern> = null;
  for (const segment of segments) {
    const p = segmentPattern(segment.trim());
    if (p === null) continue;
    // A file written for a later segment to run is the stage; the run is what the call does.
    if (WRITING_STAGE.has(p.program) && INTO_FILE.test(segment)) staged ??= p;
    else return { tool, ...p, writes, readOnly };
  }
  return staged === null ? { tool, pattern: '', program: '', target: null, writes, readOnly } : { tool, ...staged, writes, readOnly };
};

const otherPattern = (tool: string, input: unknown): CallPattern => {
  const target = toolTarget(input);
  const kind = target === null ? null : toolTargetPattern(target);
  return { tool, pattern: kind === null ? tool : `${tool} ${kind.glob ?? kind.exact}`, program: tool, target, writes: WRITE_TOOLS.has(tool), readOnly: READ_TOOLS.has(tool) };
};
