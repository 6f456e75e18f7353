import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPackages, type WorkspacePackage } from './public-packages.js';

const ROOT = resolve(import.meta.dirname, '../..');
/**
 * `npm install` of the tarballs builds better-sqlite3 from source when no prebuilt binary is at
 * hand (its download fails here): ~45 s on an idle 2-core machine, over 10 minutes when eight
 * builds share it. `localPrebuild` usually spares it.
 */
const INSTALL_TIMEOUT_MS = 1_200_000;
/** Packing every workspace package (pnpm, ~5 s). */
const PACK_TIMEOUT_MS = 120_000;
/** Removing the ~200 MB installed tree took over a minute beside a full run's other suites on 2 cores. */
const REMOVE_TIMEOUT_MS = 300_000;

/** npm settings that describe the machine's access to the registry, not the workspace: kept. */
const MACHINE_NPM_SETTINGS = /^npm_config_(registry|cache|userconfig|globalconfig|proxy|https_proxy|noproxy|strict_ssl|cafile|ca|nodedir|python)$/i;

/**
 * The environment of a user's own shell: the npm/pnpm lifecycle variables of `npm test` (the
 * workspace's prefix, its package.json, its user agent) would make the child npm act for the
 * workspace, which is exactly what this test must not lean on.
 */
const cleanEnv = (): NodeJS.ProcessEnv => Object.fromEntries(Object.entries(process.env).filter(([k]) => MACHINE_NPM_SETTINGS.test(k) || !/^(npm_|pnpm_|PNPM_|INIT_CWD$)/.test(k)));

/** node-gyp compiles better-sqlite3's two sources one after the other unless told it may use every core. */
const BUILD_ENV = { JOBS: 'max' };

/**
 * better-sqlite3's native module as the prebuilt binary a user with a network downloads: the
 * workspace's own install compiled this very version on this machine, so the packed install
 * takes it through prebuild-install's local lookup instead of compiling it a second time. The
 * packages under test are engram's; this binary is a third party's, unchanged. Another version,
 * or a machine where the workspace has no binary, compiles from source as before.
 */
const localPrebuild = (dir: string): NodeJS.ProcessEnv => {
  const pkg = dirname(createRequire(join(ROOT, 'packages/regions/hippocampus/package.json')).resolve('better-sqlite3/package.json'));
  const binary = join(pkg, 'build', 'Release', 'better_sqlite3.node');
  const glibc = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime !== undefined;
  if (!existsSync(binary) || !glibc) return {};
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  mkdirSync(dir, { recursive: true });
  const tarball = join(dir, `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`);
  ok(run('tar', ['-czf', tarball, '-C', pkg, 'build/Release/better_sqlite3.node'], pkg, 60_000), 'tar of the local prebuild');
  return { npm_config_better_sqlite3_local_prebuilds: dir };
};

const run = (cmd: string, args: readonly string[], cwd: string, timeout: number, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> => {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout, env: { ...cleanEnv(), ...env } });
  if (r.error) throw r.error;
  return r;
};

const ok = (r: SpawnSyncReturns<string>, what: string): string => {
  if (r.status !== 0) throw new Error(`${what} exited ${r.status}:\n${r.stderr.slice(-4000)}`);
  return r.stdout;
};

/**
 * A plain Node ESM host outside the workspace: no source condition, no tsx, only what npm
 * installed. It runs a host-driven turn in which one input of `Bash` keeps failing the same way
 * (the breaker warns, then blocks that input) while another input of the same tool is allowed.
 */
const HOST_SCRIPT = `
import { createBrain } from '@engram/runtime';
const [home, project] = process.argv.slice(2);
const brain = createBrain({ home, project, modes: { memory: 'autopilot', acc: 'active' } });
const session = brain.session();
session.startTurn('Build the project');
const verdicts = [];
const call = async (command, result) => {
  const input = { command };
  const id = session.toolCalled({ name: 'Bash', input });
  const { verdict } = await session.preCall(id, 'Bash', input);
  verdicts.push({ command, action: verdict.action, explanation: verdict.action === 'allow' ? '' : verdict.explanation });
  if (verdict.action !== 'block') session.toolResulted({ id, name: 'Bash', ...result });
  session.endRound();
};
for (let i = 0; i < 4; i++) await call('npm run biuld', { ok: false, error: 'npm ERR! Missing script: "biuld"' });
await call('echo recovered', { ok: true, output: 'recovered' });
const summary = session.endTurn('The build script name was wrong.');
await session.settled();
await session.close();
console.log(JSON.stringify({ verdicts, lessons: summary.lessons, eventLog: session.eventLog }));
`;

interface HostResult {
  readonly verdicts: readonly { readonly command: string; readonly action: string; readonly explanation: string }[];
  readonly lessons: readonly { readonly id: string }[];
  readonly eventLog: string;
}

describe('the packed packages, installed with plain npm outside the workspace', () => {
  const work = mkdtempSync(join(tmpdir(), 'engram-pack-'));
  const tarballs = join(work, 'tarballs');
  const app = join(work, 'app');
  let packages: WorkspacePackage[] = [];

  beforeAll(() => {
    if (!existsSync(join(ROOT, 'apps/cli/dist/main.js'))) throw new Error('the workspace is not built: run `npm run build` first (npm test does)');
    packages = publicPackages(ROOT);
    ok(run('npx', ['-y', 'pnpm@10.34.9', '-r', 'pack', '--pack-destination', tarballs], ROOT, PACK_TIMEOUT_MS), 'pnpm -r pack');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'engram-pack-check', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
    // Only the public packages: pnpm packs private ones (the workspace's test package) too.
    const files = packages.map((p) => join(tarballs, p.tarball));
    // --prefer-offline: npm's own cache (shared by every run on this machine) answers for the
    // third-party tarballs it already holds.
    ok(run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...files], app, INSTALL_TIMEOUT_MS, { ...BUILD_ENV, ...localPrebuild(join(work, 'prebuilds')) }), 'npm install of the tarballs');
  }, PACK_TIMEOUT_MS + INSTALL_TIMEOUT_MS);

  // The installed tree is ~200 MB: gone after the run (npm's own cache keeps the downloads).
  afterAll(() => rm(work, { recursive: true, force: true }), REMOVE_TIMEOUT_MS);

  it('packs every public package with a real version, exports without the source condition, files, a README and the licence', () => {
    const written = readdirSync(tarballs);
    expect(packages.map((p) => p.name)).toEqual(expect.arrayContaining(['@engram/runtime', '@engram/cli', '@engram/claude-code', '@engram/mcp', '@engram/ai-sdk']));
    for (const p of packages) {
      expect(written).toContain(p.tarball);
      const installed = JSON.parse(readFileSync(join(app, 'node_modules', p.name, 'package.json'), 'utf8')) as Record<string, unknown>;
      expect(installed['version'], p.name).toBe(p.version);
      expect(installed['private'], p.name).toBeUndefined();
      expect([installed['license'], (installed['engines'] as { node?: string } | undefined)?.node, (installed['repository'] as { directory?: string } | undefined)?.directory], p.name).toEqual(['MIT', '>=20.19', p.dir]);
      expect(JSON.stringify(installed['exports'] ?? {}), p.name).not.toContain('@engram/source');
      expect(JSON.stringify(installed['dependencies'] ?? {}), p.name).not.toContain('workspace:');
      for (const f of ['README.md', 'LICENSE']) expect(existsSync(join(app, 'node_modules', p.name, f)), `${p.name}/${f}`).toBe(true);
      expect(existsSync(join(app, 'node_modules', p.name, 'src')), `${p.name} ships no sources`).toBe(false);
    }
  });

  it('resolves every @engram package from the tarballs, never from the registry', () => {
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string }> };
    const engram = Object.entries(lock.packages).filter(([path]) => path.includes('node_modules/@engram/'));
    expect(engram.map(([path]) => path.replace(/^.*node_modules\//, '')).sort()).toEqual(packages.map((p) => p.name).sort());
    for (const [path, entry] of engram) expect(entry.resolved, path).toMatch(/^file:/);
  });

  it('runs a host-driven turn from a plain Node ESM script: the breaker blocks the failing input only, the turn learns, the log is written', () => {
    writeFileSync(join(app, 'host.mjs'), HOST_SCRIPT);
    const home = join(work, 'home');
    const out = JSON.parse(ok(run(process.execPath, ['host.mjs', home, join(work, 'project')], app, 60_000), 'host.mjs')) as HostResult;
    expect(out.verdicts.map((v) => v.action)).toEqual(['allow', 'warn', 'warn', 'block', 'allow']);
    expect(out.verdicts[3]?.explanation).toMatch(/this exact Bash command failed 3 times this turn/);
    expect(out.lessons.map((l) => l.id)).toContain('acc.repeated-tool-error');
    const types = readFileSync(out.eventLog, 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { type: string }).type);
    expect(types).toEqual(expect.arrayContaining(['executive.turn.started', 'executive.tool.guarded', 'acc.lesson.detected', 'executive.turn.completed']));
  }, 120_000);

  it('runs the installed engram binary: --version names the package version, demo --json has its shape', () => {
    const bin = join(app, 'node_modules/.bin/engram');
    const cli = packages.find((p) => p.name === '@engram/cli');
    expect(ok(run(bin, ['--version'], app, 30_000), 'engram --version').trim()).toBe(cli?.version);
    const home = join(work, 'demo-home');
    const demo = JSON.parse(ok(run(bin, ['demo', '--json', '--home', home], app, 120_000), 'engram demo --json')) as {
      memoryHome: string;
      sessions: { failures: number; eventLog: string; lessonsLearned: { id: string; rule: string; file: string }[] }[];
    };
    expect(demo.memoryHome).toBe(home);
    expect(demo.sessions).toHaveLength(2);
    const [first, second] = demo.sessions;
    expect(first?.lessonsLearned.length).toBeGreaterThan(0);
    expect(second?.failures).toBeLessThan(first?.failures ?? 0);
    for (const s of demo.sessions) expect(existsSync(s.eventLog)).toBe(true);
  }, 240_000);

  it('runs the bundled commands of the installed binary: memory add, show and context, and a hook in process', () => {
    // These start from apps/cli/dist/bundle (docs/cli-startup.md), which finds better-sqlite3, the
    // secretlint preset and each package's files through npm's layout here, not the workspace's.
    const cli = join(app, 'node_modules/@engram/cli');
    expect(existsSync(join(cli, 'dist/bundle/memory-show/main.cjs'))).toBe(true);
    expect(existsSync(join(cli, 'dist/bundle-inputs.json')), 'the bundle map stays in the workspace').toBe(false);
    const bin = join(app, 'node_modules/.bin/engram');
    const home = join(work, 'bundled-home');
    const project = join(work, 'bundled-project');
    mkdirSync(project);
    const roots = ['--home', home, '--project', project];
    ok(run(bin, ['memory', 'add', 'Run the tests before committing; the key AKIAIOSFODNN7EXAMPLE stays out.', ...roots], app, 60_000), 'engram memory add');
    const shown = JSON.parse(ok(run(bin, ['memory', 'show', '--json', ...roots], app, 60_000), 'engram memory show')) as { project: { lessons: { text: string }[] } };
    expect(shown.project.lessons.map((l) => l.text)).toEqual(['Run the tests before committing; the key [REDACTED:aws-access-key] stays out.']);
    expect(ok(run(bin, ['memory', 'context', '--message', 'run the tests', ...roots], app, 60_000), 'engram memory context')).toContain('Run the tests before committing');
    const payload = JSON.stringify({ session_id: 'bundled-1', transcript_path: join(project, 't.jsonl'), cwd: project, hook_event_name: 'SessionStart', source: 'startup' });
    const r = spawnSync(bin, ['hook', 'session-start'], { cwd: project, input: payload, encoding: 'utf8', timeout: 60_000, env: { ...cleanEnv(), ENGRAM_HOME: home, ENGRAM_SERVE: '0' } });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Run the tests before committing');
    // No start-up snapshot is published (a blob is of one Node binary): the installed `engram`
    // starts its hooks and memory commands from the launcher, and says so, until
    // `engram --build-snapshots` builds them here, in npm's layout; then from them.
    const hookRun = (session: string) => {
      const h = spawnSync(bin, ['hook', 'session-start'], { cwd: project, input: payload.replace('bundled-1', session), encoding: 'utf8', timeout: 60_000, env: { ...cleanEnv(), ENGRAM_HOME: home, ENGRAM_SERVE: '0' } });
      expect({ status: h.status, stderr: h.stderr }).toEqual({ status: 0, stderr: '' });
      expect(h.stdout).toContain('Run the tests before committing');
    };
    expect(ok(run(bin, ['--explain-start', 'hook', 'session-start'], app, 30_000), 'engram --explain-start')).toMatch(/^launcher: no hook snapshot in /);
    expect(ok(run(bin, ['--build-snapshots'], app, 180_000), 'engram --build-snapshots')).toMatch(/^engram: built .*hook\.blob/m);
    expect(ok(run(bin, ['--explain-start', 'hook', 'session-start'], app, 30_000), 'engram --explain-start')).toMatch(/^snapshot: .*hook\.blob/);
    hookRun('bundled-3');
    expect(ok(run(bin, ['--explain-start', 'memory', 'show'], app, 30_000), 'engram --explain-start')).toMatch(/^snapshot: .*memory-quick\.blob/);
    expect(JSON.parse(ok(run(bin, ['memory', 'show', '--json', ...roots], app, 60_000), 'engram memory show, from its snapshot'))).toEqual(shown);
    // A SKILL.md's front matter is read by yaml, which no bundle holds: required from where @engram/hippocampus is installed.
    mkdirSync(join(home, 'skills', 'csv-cleanup'), { recursive: true });
    writeFileSync(join(home, 'skills', 'csv-cleanup', 'SKILL.md'), '---\nname: csv-cleanup\ndescription: Cleans a CSV before loading it\n---\nSteps.\n');
    expect(ok(run(bin, ['skills', 'list', '--home', home], app, 60_000), 'engram skills list')).toContain('Cleans a CSV before loading it');
  }, 240_000);

  // Last: it moves the installed tree into the layout npx gives a package it downloaded.
  it("refuses to run a hook from npx's download cache: one line on stderr, nothing on stdout, exit 0, nothing recorded", () => {
    const cache = join(work, 'npm-cache', '_npx', '5f2c0e9a7b1d3c4e');
    mkdirSync(cache, { recursive: true });
    renameSync(join(app, 'node_modules'), join(cache, 'node_modules'));
    const project = join(work, 'npx-project');
    mkdirSync(project);
    const payload = JSON.stringify({ session_id: 'npx-1', cwd: project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' });
    const r = spawnSync(join(cache, 'node_modules/.bin/engram'), ['hook', 'pre-tool-use'], {
      cwd: project,
      input: payload,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...cleanEnv(), npm_command: 'exec', npm_config_user_agent: 'npm/11.6.0 node/v20.20.0 linux x64 workspaces/false', ENGRAM_HOME: join(work, 'npx-home') },
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^engram hook pre-tool-use: refusing to run through npx: this engram was downloaded into npx's cache \(.*_npx.5f2c0e9a7b1d3c4e\), and a hook must never run code fetched at call time\..*\n$/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(project, '.engram'))).toBe(false);
  }, 120_000);
});
