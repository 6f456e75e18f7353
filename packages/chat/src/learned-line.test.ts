import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LEARNED_TEXT_CHARS, learnedLine, undoCommandLine } from './learned-line.js';

/** The words a POSIX shell makes of `line` after `engram memory remove` (the real sh). */
const wordsOf = (line: string): string[] => {
  const script = `set -- ${line.replace(/^engram memory remove /, '')}; for w in "$@"; do printf '%s\\0' "$w"; done`;
  return execFileSync('sh', ['-c', script], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } }).split('\0').slice(0, -1);
};

describe('learnedLine', () => {
  it('says kind, scope and the text on one line, then the command that removes exactly that entry from the chat\'s memory', () => {
    const entry = { id: 'r-3f2a', kind: 'when', scope: 'global', text: 'When a tool call fails, check its input before retrying.' } as const;
    const line = learnedLine(entry, { home: '/tmp/my home', project: '/work/p' }, 'node /x/engram.js');
    expect(line).not.toContain('\n');
    expect(line).toBe("learned (when, global) When a tool call fails, check its input before retrying. · undo: node /x/engram.js memory remove r-3f2a --scope global --home '/tmp/my home' --project /work/p");
  });

  it('cuts a long text to one short line; the undo still names the entry', () => {
    const text = `Use the ${'very '.repeat(40)}long name.`;
    const line = learnedLine({ id: 'l-1', kind: 'lesson', scope: 'project', text }, { project: '/p' });
    const shown = /^learned \(lesson, project\) (.*) · undo: /.exec(line)?.[1] ?? '';
    expect(shown).toHaveLength(LEARNED_TEXT_CHARS);
    expect(shown.endsWith('…')).toBe(true);
    expect(line.endsWith('engram memory remove l-1 --scope project --project /p')).toBe(true);
  });

  it('names the exact text, as one shell word, when the id was not read back; never the store password', () => {
    const line = undoCommandLine({ id: null, kind: 'lesson', scope: 'project', text: "it's $5 `id`" }, { project: '/p', store: 'postgres://engram:hunter2@127.0.0.1:5432/engram', tenant: 'team-a' });
    expect(line).not.toContain('hunter2');
    expect(wordsOf(line)).toEqual(["it's $5 `id`", '--scope', 'project', '--project', '/p', '--store', 'postgres://engram:***@127.0.0.1:5432/engram', '--tenant', 'team-a']);
  });
});
