#!/usr/bin/env node
// `npm test`: build, type-check, lint, dependency rules, then every vitest suite.
// Each static check counts as one test in the closing line `N passed, N failed`, so a type, lint
// or dependency failure fails the run; no test run at all fails it too.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}`;
// turbo needs the pnpm binary on PATH, so it runs through the pinned pnpm; its cache (.turbo/)
// skips packages whose sources did not change.
const turbo = (task) => ['npx', ['-y', 'pnpm@10.34.9', 'exec', 'turbo', 'run', task, '--output-logs=errors-only']];
const checks = [
  ['build', ...turbo('build')],
  ['type-check', ...turbo('check-types')],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ['unused code (knip)', bin('knip'), ['--no-progress']],
  ['dependency rules', bin('depcruise'), ['--config', '.dependency-cruiser.cjs', 'packages', 'apps', 'tests']],
];
const only = process.argv.includes('--tests-only');

let passed = 0;
let failed = 0;
const failures = [];
for (const [name, cmd, args] of only ? [] : checks) {
  const started = Date.now();
  process.stdout.write(`\n== ${name}: ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });
  const ok = r.status === 0;
  process.stdout.write(`== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  if (ok) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

const report = '.vitest-report.json';
rmSync(report, { force: true });
process.stdout.write('\n== tests: vitest run\n');
const extra = process.argv.slice(2).filter((a) => a !== '--tests-only');
const vitest = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], {
  stdio: 'inherit',
  env: { ...process.env, ENGRAM_VALIDATE: process.env.ENGRAM_VALIDATE ?? '1' },
});

let ran = 0;
let skipped = 0;
const skippedSuites = new Set();
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests ?? 0;
  failed += json.numFailedTests ?? 0;
  ran = json.numTotalTests ?? 0;
  skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
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
} else {
  failed++;
  failures.push('vitest wrote no report');
}
if (ran === 0) failures.push('no test ran');
// vitest also fails a run for errors no test owns (an uncaught exception, an unhandled rejection:
// in engram's code, a process crash); those are in no test's result, so count them here.
if (vitest.status !== 0 && failed === 0 && ran > 0) {
  failed++;
  failures.push(`vitest exited with status ${vitest.status ?? vitest.signal}: errors outside any test (printed above as "Unhandled Errors")`);
}
if (failures.length) process.stdout.write(`\nFailures:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
// Skips are counted and named just above the closing line, so a suite that could not run never
// passes silently; the closing line itself keeps the exact form `N passed, N failed` CI reads.
if (skipped > 0) process.stdout.write(`\n${skipped} skipped:\n${[...skippedSuites].map((t) => `  - ${t}`).join('\n')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 && ran > 0 ? 0 : 1);
