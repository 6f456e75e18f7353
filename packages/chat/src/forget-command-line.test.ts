import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { forgetCommandLine } from './forget-command-line.js';

/** The words a POSIX shell makes of `line` after `engram memory forget` (the real sh, no expansion surprises hidden). */
const wordsOf = (line: string): string[] => {
  const script = `set -- ${line.replace(/^engram memory forget /, '')}; for w in "$@"; do printf '%s\\0' "$w"; done`;
  return execFileSync('sh', ['-c', script], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } }).split('\0').slice(0, -1);
};

describe('forgetCommandLine', () => {
  it('names the chat\'s home and project, and gives the subject after -- as one word the shell leaves alone', () => {
    const line = forgetCommandLine('price $5 `id` it\'s "x"', { home: '/tmp/my home', project: '/work/p' });
    expect(line.startsWith('engram memory forget ')).toBe(true);
    expect(wordsOf(line)).toEqual(['--yes', '--home', '/tmp/my home', '--project', '/work/p', '--', 'price $5 `id` it\'s "x"']);
  });

  it('keeps a subject that starts with a dash a subject', () => {
    expect(wordsOf(forgetCommandLine('--yes', { project: '/p' }))).toEqual(['--yes', '--project', '/p', '--', '--yes']);
  });

  it('passes the store and tenant on, never the store password', () => {
    const line = forgetCommandLine('old server', { project: '/p', store: 'postgres://engram:hunter2@127.0.0.1:5432/engram', tenant: 'team-a' });
    expect(line).not.toContain('hunter2');
    expect(wordsOf(line)).toEqual(['--yes', '--project', '/p', '--store', 'postgres://engram:***@127.0.0.1:5432/engram', '--tenant', 'team-a', '--', 'old server']);
  });
});
