// `engram log tail LOG | head -1` and `engram memory why ... | head` crashed with an EPIPE stack trace (issue 26): a reader that
// leaves early ends the command quietly; a write that fails otherwise (a full disk) is one line and
// exit 1. And a session id tails its file log, not only PostgreSQL's.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildStream } from '@engram/events/testing';
import { JsonlLogWriter } from '@engram/store';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli } from './run-cli.js';

const SESSION = '20261122_031500_ab12';
/** Far more output than a pipe holds (64 KiB on Linux), so the writer meets the closed pipe. */
const EVENTS = 3000;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A project whose file log holds one long session, written by the store. */
const project = async (): Promise<{ project: string; log: string }> => {
  const root = mkdtempSync(join(tmpdir(), 'engram-pipe-'));
  dirs.push(root);
  const dir = join(root, 'project', '.engram', 'events');
  mkdirSync(dir, { recursive: true });
  const log = join(dir, `${SESSION}.jsonl`);
  const w = new JsonlLogWriter(log, SESSION);
  await w.append(buildStream([['executive.session.started'], ...Array.from({ length: EVENTS }, () => ['scratchpad.cell.killed', {}, { turn: 1 }] as const)]));
  w.close();
  return { project: join(root, 'project'), log };
};

/** `LINE` run by bash as a person types it; the engram side's exit code and stderr. */
const piped = (line: string) => {
  const r = spawnSync('bash', ['-c', `${line}; echo "engram exit \${PIPESTATUS[0]}" >&2`], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { stdout: r.stdout, stderr: r.stderr };
};

describe('a reader that leaves early', () => {
  it('engram log tail LOG | head -1 prints one line and exits 0, with nothing on stderr', async () => {
    const { log } = await project();
    const r = piped(`node ${BIN} log tail ${log} -n ${EVENTS} | head -1`);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
    expect(r.stderr.trim()).toBe('engram exit 0');
  }, 60_000);

  it('engram log tail LOG --json | head -1 too', async () => {
    const { log } = await project();
    const r = piped(`node ${BIN} log tail ${log} --json -n ${EVENTS} | head -1`);
    expect(JSON.parse(r.stdout) as { seq: number }).toHaveProperty('seq');
    expect(r.stderr.trim()).toBe('engram exit 0');
  }, 60_000);
  it('engram memory why TEXT | head -1 too', () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-pipe-why-'));
    dirs.push(root);
    const memory = join(root, 'project', '.engram', 'memory');
    mkdirSync(memory, { recursive: true });
    // Lessons as the memory files hold them: every one matches, and the answer is far over 64 KiB.
    const lesson = (i: number) => `- Run the build before the tests (note ${i}). <!-- confidence:high source:user ts:2026-11-30 at:2026-11-30T08:00:00.000Z id:${(0x1000000000000000n + BigInt(i)).toString(16)} trust:user -->`;
    writeFileSync(join(memory, 'lessons.md'), `# Lessons\n${Array.from({ length: EVENTS }, (_, i) => lesson(i)).join('\n')}\n`);
    const r = piped(`node ${BIN} memory why "Run the build" --home ${join(root, 'home')} --project ${join(root, 'project')} | head -1`);
    expect(r.stdout).toMatch(/^entry 1000000000000000 .*\(note 0\)\.\n$/);
    expect(r.stderr.trim()).toBe('engram exit 0');
  }, 60_000);
});

describe('an output that cannot be written', () => {
  it('engram memory show > /dev/full fails in one line on stderr, exit 1, no stack trace', () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-full-'));
    dirs.push(root);
    const r = piped(`node ${BIN} memory show --home ${join(root, 'home')} --project ${root} > /dev/full`);
    expect(r.stderr).toBe('engram: could not write the output: ENOSPC: no space left on device, write\nengram exit 1\n');
  }, 60_000);
});

describe('engram log tail SESSION_ID with the file store', () => {
  it('tails the session\'s file log found in the project, and names where it looked for an unknown one', async () => {
    const { project: dir } = await project();
    const r = runCli(['log', 'tail', SESSION, '--project', dir, '-n', '2']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    expect(r.stdout).toMatch(/scratchpad\.cell\.killed/);
    const missing = runCli(['log', 'tail', '20261122_031500_ffff', '--project', dir]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(join(dir, '.engram', 'events'));
  }, 60_000);
});
