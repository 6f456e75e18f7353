#!/usr/bin/env node
// `npm test`: the build with the unit tests and the static checks (type-check, lint, unused code,
// dependency rules) beside it, then the suites that spawn the built CLI. Each static check counts as one test in the closing
// line `N passed, N failed`, so a type, lint or dependency failure fails the run; no test run at
// all fails it too.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}`;
/**
 * The build (`npm run build`) is one `tsc -b` over every package's project: one process parses the
 * shared declarations once, a third of the CPU of a `tsc -b` per package (82 s against 262 s,
 * measured side by side on this 2-core machine), and its .tsbuildinfo skips what did not change;
 * then the CLI's start-up bundles.
 */
const build = ['build', 'npm', ['run', '--silent', 'build']];
/**
 * These read the sources (through the `@engram/source` condition), not the build, so they start
 * with it. The lint reports the compiler's errors too (eslint/type-check-rule.js): it builds the
 * program of tsconfig.json for its type-aware rules, and a separate `tsc --noEmit` built it again.
 */
const statics = [
  ['lint and type-check', bin('eslint'), ['.', '--max-warnings', '0']],
  ['dependency rules', bin('depcruise'), ['--config', '.dependency-cruiser.cjs', 'packages', 'apps', 'tests']],
];
// knip follows the launcher's imports of `dist/` (apps/cli/bin) to the sources they were built from: it needs the build.
const afterBuild = [['unused code (knip)', bin('knip'), ['--no-progress']]];
/**
 * The static checks run at a lower priority than the tests: they only need the CPU the suites
 * leave while they wait on the processes they spawn, and the suites' own deadlines (a cell kill,
 * a lease) should not compete with a type-checker.
 */
const STATIC_NICE = '5';
const only = process.argv.includes('--tests-only');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
const started = Date.now();
const secs = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

let passed = 0;
let failed = 0;
const failures = [];
const count = (name, ok) => {
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
};

/** Runs a command; `quiet` buffers its output and prints it in one block when it ends, so it never interleaves with the tests'. */
const run = (name, cmd, args, { quiet = false, nice = false, env: extraEnv = {} } = {}) =>
  new Promise((resolve) => {
    const t0 = Date.now();
    const line = `${cmd} ${args.join(' ')}`;
    if (!quiet) process.stdout.write(`\n== ${name}: ${line}\n`);
    const [c, a] = nice ? ['nice', ['-n', STATIC_NICE, cmd, ...args]] : [cmd, args];
    const child = spawn(c, a, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...env, ...extraEnv } });
    const out = [];
    if (quiet) {
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
    }
    const done = (code, why) => {
      const ok = code === 0;
      const body = Buffer.concat(out).toString().trimEnd();
      if (quiet) process.stdout.write(`\n== ${name}: ${line}\n${body ? `${body}\n` : ''}`);
      process.stdout.write(`== ${name}: ${ok ? 'ok' : `FAILED${why ? ` (${why})` : ''}`} (${secs(t0)})\n`);
      resolve({ ok, code });
    };
    child.once('error', (err) => done(1, err.message));
    child.once('close', (code, signal) => done(code ?? 1, signal ? `killed by ${signal}` : ''));
  });

/**
 * Two vitest runs. The unit project (`packages`: the tests beside the code, on the sources) needs
 * no build, so it runs beside it, on one worker: `tsc -b` keeps one core busy and left the other
 * idle for its whole run. The suites that spawn the built CLI (`tests`, then `alone`) follow the
 * build on every core. A path or option given to `npm test` runs one vitest run after the build.
 */
const UNIT_WORKERS = '1';
/**
 * The CLI suites spend most of their time waiting on the processes they spawn (the CLI, its
 * fsyncs, PostgreSQL, Chromium, tmux): with one worker per core the 2-core machine sat 28% idle
 * over a whole `npm test`. A third worker keeps it busy; the CPU-bound property suites that a
 * third worker pushed past their hang guard are in the unit project, which keeps its one.
 */
const CLI_SUITE_WORKERS = process.env.ENGRAM_TEST_WORKERS ?? '3';
const vitest = (name, projects, file, extraEnv = {}) =>
  run(name, bin('vitest'), ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...extra], {
    env: { ENGRAM_VALIDATE: process.env.ENGRAM_VALIDATE ?? '1', ...extraEnv },
  });
const extra = process.argv.slice(2).filter((a) => a !== '--tests-only');
const reports = ['.vitest-report.json', '.vitest-unit-report.json'];
for (const r of reports) rmSync(r, { force: true });
const check = ([name, cmd, args]) => run(name, cmd, args, { quiet: true, nice: true }).then((r) => count(name, r.ok));
const checks = only ? [] : statics.map(check);
const split = !only && extra.length === 0;
const unit = split ? vitest('unit tests (beside the build)', ['packages'], reports[1], { ENGRAM_TEST_WORKERS: UNIT_WORKERS }) : null;
if (!only) count(build[0], (await run(...build, { quiet: split })).ok);
if (!only) checks.push(...afterBuild.map(check));
const runs = [await vitest('tests', split ? ['tests', 'alone'] : [], reports[0], split ? { ENGRAM_TEST_WORKERS: CLI_SUITE_WORKERS } : {})];
if (unit !== null) runs.push(await unit);
await Promise.all(checks);

let ran = 0;
let skipped = 0;
const skippedSuites = new Set();
for (const report of reports.slice(0, runs.length)) {
  if (!existsSync(report)) {
    failed++;
    failures.push(`vitest wrote no report ${report}`);
    continue;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests ?? 0;
  failed += json.numFailedTests ?? 0;
  ran += json.numTotalTests ?? 0;
  skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  // A file that fails to load has no test results of its own, and one whose beforeAll failed
  // reports its tests as skipped: either way no test failed, so count the file as one failure.
  for (const file of json.testResults ?? []) {
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failed++;
      failures.push(`suite ${file.name}`);
    }
  }
  for (const file of json.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(t.fullName);
      // A skipped suite names its reason in its title ("PostgreSQL event log (skipped: ...)"), a
      // skipped test in its own ("... (skipped as root, who reads anything)").
      const suite = (t.ancestorTitles ?? [])[0] ?? '';
      if (t.status === 'pending' || t.status === 'skipped' || t.status === 'todo') skippedSuites.add(suite.includes('skipped') ? suite : t.fullName);
    }
  }
}
if (ran === 0) failures.push('no test ran');
// vitest also fails a run for errors no test owns (an uncaught exception, an unhandled rejection:
// in engram's code, a process crash); those are in no test's result, so count them here.
for (const r of runs) {
  if (r.ok || failed > 0 || ran === 0) continue;
  failed++;
  failures.push(`vitest exited with status ${r.code}: errors outside any test (printed above as "Unhandled Errors")`);
}
if (failures.length) process.stdout.write(`\nFailures:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
// Skips are counted and named just above the closing line, so a suite that could not run never
// passes silently; the closing line itself keeps the exact form `N passed, N failed` CI reads.
if (skipped > 0) process.stdout.write(`\n${skipped} skipped:\n${[...skippedSuites].map((t) => `  - ${t}`).join('\n')}\n`);
process.stdout.write(`\n(${secs(started)} in all)\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 && ran > 0 ? 0 : 1);
