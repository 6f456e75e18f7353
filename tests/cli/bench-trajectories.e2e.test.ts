import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/**
 * Three recorded runs written here (not taken from any data set): two on one repository, where
 * the test runner the agent reaches for is missing and it recovers with another; one elsewhere.
 */
const MISSING = 'bash: line 1: tox: command not found';
const call = (i: number, command: string, ok: boolean, output: string, rc = ok ? 0 : 127) => ({ i, command, ok, rc, timeout: false, submit: false, output });
const run = (order: number, repo: string, calls: unknown[]) => ({
  id: `${repo.replace('/', '__')}-${order}`,
  repo,
  session_id: `00000000-0000-4000-8000-00000000000${order}`,
  start: 1_763_000_000 + order * 1000,
  end: 1_763_000_500 + order * 1000,
  order,
  prompt: `Fix issue ${order} in ${repo}`,
  calls,
  format_errors: 0,
  exit_status: 'Submitted',
  last_message: 'Done.',
  model: 'synthetic',
});
const SESSIONS = [
  run(1, 'acme/widgets', [
    call(0, 'ls', true, 'setup.py\nwidgets\n'),
    call(1, 'tox -e py', false, MISSING),
    call(2, 'tox -e py', false, MISSING),
    call(3, 'tox -e py', false, MISSING),
    call(4, 'tox -e py', false, MISSING),
    call(5, 'python -m pytest tests', true, '3 passed'),
  ]),
  run(2, 'acme/gadgets', [call(0, 'python -c "import gadgets"', false, 'Traceback (most recent call last):\n  File "<string>", line 1\nModuleNotFoundError: No module named \'gadgets\'', 1), call(1, 'pip install -e .', true, 'ok')]),
  run(3, 'acme/widgets', [call(0, 'tox -e py', false, `Exit code 127\n${MISSING}`), call(1, 'python -m pytest tests', true, '3 passed')]),
];

interface Rate {
  count: number;
  of: number;
  rate: number | null;
}
interface Report {
  suite: string;
  results: [
    { name: string; n: number; sessions: number; calls: number; failedCalls: number; baseRate: number; hookProblems: { count: number }; recall: { within: Rate; crossSession: Rate; all: Rate }; precision: { flagged: Rate }; mostRepeatedRepo: { repo: string; repeated: number }; examples: { caught: unknown[]; missed: unknown[] } },
    ...{ name: string; n: number; p50Ms: number; p95Ms: number }[],
  ];
}

const dir = mkdtempSync(join(tmpdir(), 'engram-bench-trajectories-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('engram bench trajectories', () => {
  it('replays the runs through the hooks and scores repeated failures', () => {
    const file = join(dir, 'sessions.jsonl.gz');
    writeFileSync(file, gzipSync(SESSIONS.map((s) => JSON.stringify(s)).join('\n')));
    const r = runCli(['bench', 'trajectories', file, '--json'], { TMPDIR: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    const [replay, ...hooks] = report.results;
    expect(report.suite).toBe('trajectories');
    expect(replay).toMatchObject({ name: 'replay', n: 10, sessions: 3, calls: 10, failedCalls: 6, baseRate: 0.6, hookProblems: { count: 0 } });
    // tox failed 4 times in run 1 (3 repeats within it) and again in run 3 (a repeat from an earlier session).
    expect(replay.recall.within.of).toBe(3);
    expect(replay.recall.crossSession.of).toBe(1);
    expect(replay.recall.all.of).toBe(4);
    expect(replay.recall.all.count).toBe(replay.recall.within.count + replay.recall.crossSession.count);
    expect(replay.recall.all.rate).toBe(replay.recall.all.count / 4);
    // The same failure four times in a row in one turn: the breaker warns or blocks before at least one.
    expect(replay.recall.within.count).toBeGreaterThanOrEqual(1);
    expect(replay.examples.caught.length).toBeGreaterThanOrEqual(1);
    expect(replay.mostRepeatedRepo).toMatchObject({ repo: 'acme/widgets', repeated: 4 });
    const pre = hooks.find((h) => h.name === 'hook pre-tool-use');
    expect(pre?.n).toBe(10);
    expect(pre?.p95Ms).toBeGreaterThanOrEqual(pre?.p50Ms ?? Infinity);
  });

  it('reads only the first sessions with --limit', () => {
    const file = join(dir, 'limit.jsonl');
    writeFileSync(file, SESSIONS.map((s) => JSON.stringify(s)).join('\n'));
    const r = runCli(['bench', 'trajectories', file, '--json', '--limit', '1'], { TMPDIR: dir });
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as Report).results[0]).toMatchObject({ sessions: 1, calls: 6, failedCalls: 4 });
  });

  it('exits 2 naming the file, line and field of a bad session, and when no file is given', () => {
    const file = join(dir, 'bad.jsonl');
    writeFileSync(file, `${JSON.stringify(SESSIONS[0])}\n${JSON.stringify({ ...SESSIONS[1], calls: [{ i: 0, command: 'ls' }] })}\n`);
    const bad = runCli(['bench', 'trajectories', file, '--json'], { TMPDIR: dir });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain(`${file}:2: field "calls[0].ok"`);
    const none = runCli(['bench', 'trajectories', '--json']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('engram bench trajectories FILE');
  });
});
