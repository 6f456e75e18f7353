/**
 * Why this exists: `engram recall` answered from what the episode index held and said nothing of
 * what it could not read. On a full disk the index cannot catch up (SQLite: "database or disk is
 * full"), so an answer missing every new episode looked complete. The recall tool hands such
 * problems to `onProblems`, which no caller passed. The same plumbing carries an unreadable
 * episode line, which this test writes (a full disk needs a mount; it was checked by hand).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const root = mkdtempSync(join(tmpdir(), 'engram-recall-problems-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const project = (name: string): string => {
  const dir = join(root, name);
  mkdirSync(join(dir, '.engram', 'episodes'), { recursive: true });
  const line = (turn: number, content: string) => `${JSON.stringify({ ts: `2026-03-01T10:0${turn}:00.000+00:00`, session: '20260301_100000_aaaa', turn, role: 'user', content, meta: {} })}\n`;
  writeFileSync(join(dir, '.engram', 'episodes', '20260301_100000_aaaa.jsonl'), `${line(1, 'the deploy of the auth service went fine')}this line is not JSON\n${line(2, 'the billing report is late')}`);
  return dir;
};

describe('engram recall says what it could not read', () => {
  it('answers from the lines it read, and names the unreadable one on stderr (a note), exit 0', () => {
    const r = runCli(['recall', 'auth deploy', '--home', join(root, 'home'), '--project', project('text')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('the deploy of the auth service went fine');
    expect(r.stderr).toMatch(/^note: [^\n]*20260301_100000_aaaa\.jsonl:2: not JSON/m);
  });

  it('--json keeps stdout one object, with the problems in it', () => {
    const r = runCli(['recall', 'billing', '--json', '--home', join(root, 'home'), '--project', project('json')]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { text: string; problems: string[] };
    expect(out.text).toContain('the billing report is late');
    expect(out.problems).toEqual([expect.stringMatching(/20260301_100000_aaaa\.jsonl:2: not JSON/)]);
  });
});
