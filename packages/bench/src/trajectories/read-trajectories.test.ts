import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { readTrajectories } from './read-trajectories.js';

const session = (n: number, calls: unknown[] = [{ i: 0, command: 'ls', ok: true, rc: 0, timeout: false, submit: false, output: 'a\n' }]) =>
  JSON.stringify({ id: `org__tool-${n}`, repo: 'org/tool', session_id: `s-${n}`, start: 1_700_000_000 + n, end: 1_700_000_100 + n, order: n, prompt: 'Fix the bug', calls, format_errors: 0, exit_status: 'Submitted', last_message: 'done', model: 'm' });

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, data: string | Buffer): string => {
  dir = mkdtempSync(join(tmpdir(), 'engram-read-trajectories-'));
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
};

describe('readTrajectories', () => {
  it('reads plain and gzip files alike, skipping blank lines, and stops at the limit', () => {
    const text = `${session(1)}\n\n${session(2)}\n${session(3)}\n`;
    expect(readTrajectories(file('s.jsonl', text)).map((s) => s.id)).toEqual(['org__tool-1', 'org__tool-2', 'org__tool-3']);
    expect(readTrajectories(file('s.jsonl.gz', gzipSync(text)), 2).map((s) => s.order)).toEqual([1, 2]);
  });

  it('names the file, the line and the field of a bad line', () => {
    const bad = session(2, [{ i: 0, command: 'ls', ok: 'yes', rc: 0, timeout: false, submit: false, output: '' }]);
    const path = file('s.jsonl', `${session(1)}\n${bad}\n`);
    expect(() => readTrajectories(path)).toThrow(`${path}:2: field "calls[0].ok"`);
  });

  it('says when a line is not JSON, a file holds nothing, or cannot be read', () => {
    const path = file('s.jsonl', `${session(1)}\n{not json\n`);
    expect(() => readTrajectories(path)).toThrow(`${path}:2: not valid JSON`);
    expect(() => readTrajectories(file('e.jsonl', '\n'))).toThrow('holds no sessions');
    expect(() => readTrajectories(join(dir, 'missing.jsonl'))).toThrow('cannot be read');
  });
});
