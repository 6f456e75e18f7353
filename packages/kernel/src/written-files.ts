import { commandHead } from './command-head.js';

/** A file a call writes whole, and how long what it writes is. */
export interface WrittenFile {
  /** The file's name without its folder: what a later call runs it by (`python repro.py`, `./repro.py`). */
  readonly name: string;
  /** Lines of the call that wrote it (a heredoc's body, a Write's content): the size of the new script. */
  readonly lines: number;
}

/** A shell redirect into a file (not a descriptor, not /dev/null), or `tee` into one; the file's word, quotes removed. */
const REDIRECT = /(?:^|[^0-9&<>])>>?\s*(?!&|\/dev\/null)['"]?([^\s|&;'"<>()]+)|\btee\s+(?:-a\s+)?['"]?([^\s|&;'"<>()]+)/g;
/** Tools that write a whole file from their input's `content`. */
const WHOLE_FILE_TOOLS = new Set(['Write']);

const base = (path: string): string => path.replace(/^.*\//, '');
const lineCount = (text: string): number => text.split('\n').length;

/**
 * The files a call writes whole, with the length of what it writes: a shell command's redirects
 * and `tee` (a heredoc's body is the file: `cat <<'EOF' > repro.py ... EOF`), a Write's file.
 * An edit in place (`sed -i`, Edit) changes a file without saying its size: not listed. A new
 * script's first run fails more often the longer it is, whatever its name (issue 24).
 */
export const writtenFiles = (tool: string, input: unknown): readonly WrittenFile[] => {
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const command = fields['command'];
  if (typeof command === 'string') {
    const lines = lineCount(command);
    const out: WrittenFile[] = [];
    for (const m of commandHead(command).matchAll(REDIRECT)) {
      const name = base(m[1] ?? m[2] ?? '');
      if (name !== '' && !name.startsWith('$') && !out.some((f) => f.name === name)) out.push({ name, lines });
    }
    return out;
  }
  const path = fields['file_path'];
  const content = fields['content'];
  if (WHOLE_FILE_TOOLS.has(tool) && typeof path === 'string' && typeof content === 'string') return [{ name: base(path), lines: lineCount(content) }];
  return [];
};
