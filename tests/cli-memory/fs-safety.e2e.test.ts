import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildStream } from '@engram/events/testing';
import { JsonlLogWriter } from '@engram/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * Issue 11's file-safety defects, each reproduced through the built CLI: a full disk must fail
 * the command and keep memory whole; links in a project's `.engram` are refused for writes,
 * prompt reads and deletes; files engram touches end up private; a BOM survives a rewrite; a
 * log line of another session is reported.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'apps/cli/bin/engram.js');
const built = existsSync(join(ROOT, 'apps/cli/dist/memory/run-memory-add.js'));
if (!built && process.env['CI'] === 'true') throw new Error('tests/cli-memory: the CLI is not built; npm test builds it before the e2e suites');

const engram = (args: readonly string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' }, cwd: ROOT, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const modeOf = (p: string) => statSync(p).mode & 0o777;

let dir: string;
let home: string;
let project: string;
let roots: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-fs-safety-'));
  home = join(dir, 'home');
  project = join(dir, 'proj');
  mkdirSync(project);
  roots = ['--home', home, '--project', project];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!built)('file safety through the CLI (built CLI)', () => {
  it('a linked lessons.md in a project is refused by memory add, its target untouched, and never read into the prompt', () => {
    const outside = join(dir, 'elsewhere.md');
    writeFileSync(outside, '# Lessons\n\n- OUTSIDE-LINE from a file outside the project\n');
    mkdirSync(join(project, '.engram', 'memory'), { recursive: true });
    symlinkSync(outside, join(project, '.engram', 'memory', 'lessons.md'));

    const add = engram(['memory', 'add', '--kind', 'lesson', '--scope', 'project', 'check the schema first', ...roots]);
    expect(add.status).toBe(1);
    expect(add.stderr).toContain(`${join(project, '.engram', 'memory', 'lessons.md')}: is a symbolic link`);
    expect(readFileSync(outside, 'utf8')).toBe('# Lessons\n\n- OUTSIDE-LINE from a file outside the project\n');

    const context = engram(['memory', 'context', '--json', ...roots]);
    expect(context.status).toBe(0);
    expect(context.stdout).not.toContain('OUTSIDE-LINE');
  });

  it('a linked .engram/memory folder is refused too', () => {
    const outside = join(dir, 'other-memory');
    mkdirSync(outside);
    mkdirSync(join(project, '.engram'), { recursive: true });
    symlinkSync(outside, join(project, '.engram', 'memory'));
    const add = engram(['memory', 'add', '--kind', 'always', '--scope', 'project', 'run the tests', ...roots]);
    expect(add.status).toBe(1);
    expect(add.stderr).toContain(`${join(project, '.engram', 'memory')}: is a symbolic link`);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a home or project folder that is itself a link (the user chose it) is used as it is', () => {
    const realHome = join(dir, 'real-home');
    const realProject = join(dir, 'real-proj');
    mkdirSync(realHome);
    mkdirSync(realProject);
    symlinkSync(realHome, join(dir, 'home-link'));
    symlinkSync(realProject, join(dir, 'proj-link'));
    const linked = ['--home', join(dir, 'home-link'), '--project', join(dir, 'proj-link')];
    expect(engram(['memory', 'add', '--kind', 'always', '--scope', 'global', 'Global rule.', ...linked]).status).toBe(0);
    expect(engram(['memory', 'add', '--kind', 'lesson', '--scope', 'project', 'Project lesson.', ...linked]).status).toBe(0);
    expect(readFileSync(join(realHome, 'memory', 'rules.md'), 'utf8')).toContain('Global rule.');
    expect(readFileSync(join(realProject, '.engram', 'memory', 'lessons.md'), 'utf8')).toContain('Project lesson.');
  });

  it('log prune refuses a linked events folder and deletes nothing where it points', () => {
    const outside = join(dir, 'victim');
    mkdirSync(outside);
    writeFileSync(join(outside, '20190101_000000_abcd.jsonl'), '{}\n');
    mkdirSync(join(project, '.engram'), { recursive: true });
    symlinkSync(outside, join(project, '.engram', 'events'));
    const prune = engram(['log', 'prune', '--older-than', '30', ...roots]);
    expect(prune.status).toBe(1);
    expect(prune.stderr).toContain(`${join(project, '.engram', 'events')}: is a symbolic link`);
    expect(readdirSync(outside)).toEqual(['20190101_000000_abcd.jsonl']);
  });

  it('an existing 0644 lessons.md becomes 0600 when engram appends to it', () => {
    expect(engram(['memory', 'add', '--kind', 'lesson', '--scope', 'project', 'first lesson', ...roots]).status).toBe(0);
    const file = join(project, '.engram', 'memory', 'lessons.md');
    chmodSync(file, 0o644);
    expect(engram(['memory', 'add', '--kind', 'lesson', '--scope', 'project', 'second lesson', ...roots]).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('second lesson');
    expect(modeOf(file)).toBe(0o600);
  });

  it('the BOM of a hand-edited rules.md survives a rewrite', () => {
    const file = join(project, '.engram', 'memory', 'rules.md');
    mkdirSync(join(project, '.engram', 'memory'), { recursive: true });
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# Rules\n\n## Always\n- Keep answers short.\n')]));
    expect(engram(['memory', 'add', '--kind', 'always', '--scope', 'project', 'Cite the source file.', ...roots]).status).toBe(0);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('Cite the source file.');
    expect(bytes.toString('utf8')).toContain('Keep answers short.');
  });

  it('the episode index is created private (0600)', () => {
    mkdirSync(join(project, '.engram', 'episodes'), { recursive: true });
    writeFileSync(join(project, '.engram', 'episodes', '20260301_090000.jsonl'), `${JSON.stringify({ ts: '2026-03-01T09:00:00+00:00', session: '20260301_090000', turn: 1, role: 'user', content: 'load the sales csv', meta: {} })}\n`);
    const r = engram(['memory', 'reindex', '--json', ...roots]);
    expect(r.status).toBe(0);
    expect(modeOf(join(project, '.engram', 'index', 'episodes.sqlite'))).toBe(0o600);
  });

  it('log validate reports a line of another session, naming file and line', async () => {
    const a = '20261122_031500_aaaa';
    const b = '20261122_031500_bbbb';
    const fileA = join(dir, `${a}.jsonl`);
    const fileB = join(dir, `${b}.jsonl`);
    for (const [file, session] of [
      [fileA, a],
      [fileB, b],
    ] as const) {
      const w = new JsonlLogWriter(file, session);
      await w.append(buildStream([['executive.turn.started'], ['executive.round.started']]).map((e) => ({ ...e, sessionId: session })));
      w.close();
    }
    const foreign = readFileSync(fileB, 'utf8').split('\n')[1] ?? '';
    appendFileSync(fileA, `${foreign.replace('"seq":2', '"seq":3')}\n`);
    const r = engram(['log', 'validate', fileA]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`${fileA}:3`);
    expect(r.stdout).toContain(`session "${b}" is not this log's session "${a}"`);
  });
});

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const canMount = (() => {
  if (!isRoot) return false;
  const probe = join(tmpdir(), `engram-tmpfs-probe-${process.pid}`);
  try {
    mkdirSync(probe, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  }
})();
if (!canMount) console.warn('skipping the disk-full CLI test: it needs root to mount a small tmpfs');

describe.skipIf(!built || !canMount)('a full disk through the CLI (64k tmpfs as the home)', () => {
  it('memory add fails naming ENOSPC, and rules.md keeps every rule', () => {
    mkdirSync(home, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', home]);
    try {
      mkdirSync(join(home, 'memory'), { mode: 0o700 });
      const rules = `# Rules\n\n## Always\n${Array.from({ length: 200 }, (_, i) => `- Always check input number ${String(i).padStart(3, '0')} against the schema first.\n`).join('')}`;
      const file = join(home, 'memory', 'rules.md');
      writeFileSync(file, rules); // about 13 kB: rewritten whole on the next encode (under 256 lines)
      // Leave less free space than rules.md needs: a rewrite can start but not finish.
      writeFileSync(join(home, 'filler'), Buffer.alloc(44 * 1024));
      const add = engram(['memory', 'add', '--kind', 'always', '--scope', 'global', 'Write the test before the fix.', ...roots]);
      expect(add.status).toBe(1);
      expect(add.stderr).toContain(`${file}: no space left on the device (ENOSPC)`);
      expect(add.stdout).not.toContain('added');
      expect(readFileSync(file, 'utf8')).toBe(rules);
      expect(readdirSync(join(home, 'memory')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    } finally {
      execFileSync('umount', [home]);
    }
  });
});
