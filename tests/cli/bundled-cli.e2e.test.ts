import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFixtures } from '../support/load-fixtures.js';
import { BIN, ROOT } from './run-cli.js';

/**
 * The hooks, `engram memory show/add/context`, `recall` and (bundle `main`) every other command
 * start from bundles (apps/cli/scripts/bundle-cli.mjs, run by bin/engram.js); `ENGRAM_BUNDLE=0` runs the same command lines from dist/, module by
 * module, as before the bundles. Each command line here runs both ways in two fresh worlds and
 * must print the same (paths, ids and times aside) and exit the same, and each way must really
 * be the one it claims: every process records the modules it imports (tests/runtime-lazy's
 * recorder), so dist/ shows as dist/main.js and the bundle as no module of apps/cli/dist at all.
 */
const RECORDER = pathToFileURL(join(ROOT, 'tests/runtime-lazy/record-loads.mjs')).href;
const BUNDLES = join(ROOT, 'apps/cli/dist/bundle');

type Mode = 'dist' | 'bundle';
interface World {
  readonly root: string;
  readonly home: string;
  readonly project: string;
}
interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly loaded: readonly string[];
}

const world = (): World => {
  const root = mkdtempSync(join(tmpdir(), 'engram-bundled-'));
  const project = join(root, 'project');
  mkdirSync(project);
  return { root, home: join(root, 'home'), project };
};

/** Runs one command line; with `record`, under the module recorder, whose loader hooks about double a dist/ run's CPU. */
const runIn = (mode: Mode, w: World, args: readonly string[], options: { readonly env?: NodeJS.ProcessEnv; readonly input?: string; readonly record: boolean }): Ran => {
  const out = join(mkdtempSync(join(tmpdir(), 'engram-bundled-loads-')), 'loaded.txt');
  const r = spawnSync(process.execPath, [...(options.record ? ['--import', RECORDER] : []), BIN, ...args], {
    encoding: 'utf8',
    cwd: w.project,
    timeout: 60_000,
    input: options.input ?? '',
    env: { ...process.env, ENGRAM_HOME: w.home, CLAUDE_PROJECT_DIR: '', ...options.env, ENGRAM_BUNDLE: mode === 'dist' ? '0' : '1', ...(options.record ? { ENGRAM_RECORD_LOADS: out } : {}) },
  });
  const loaded = existsSync(out) ? readFileSync(out, 'utf8').split('\n').map((line) => line.split('\t')[0] ?? '') : [];
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, loaded };
};

/** What may differ between two worlds: the folders, the random ids, the clock. */
const normal = (w: World, text: string): string =>
  text
    .replaceAll(w.root, '<ROOT>')
    .replace(/\b[0-9a-f]{16}\b/g, '<ID>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, '<TIME>')
    .replace(/"(durationMs|ms|elapsedMs)":\d+/g, '"$1":<MS>');

/** Runs the same command lines in a dist/ world and a bundle world, and checks that each way ran as claimed. */
const bothWays = (lines: readonly { readonly args: (w: World) => readonly string[]; readonly input?: (w: World) => string; readonly env?: NodeJS.ProcessEnv }[]) => {
  const printed: Record<Mode, string[]> = { dist: [], bundle: [] };
  for (const mode of ['dist', 'bundle'] as const) {
    const w = world();
    // dist/ is checked once per entry it starts from (the launcher picks it by the first
    // argument alone); every bundle run is checked, since each command reaches its own modules.
    const distEntriesSeen = new Set<string>();
    for (const line of lines) {
      const args = line.args(w);
      const distEntry = pathToFileURL(join(ROOT, args[0] === 'hook' ? 'apps/cli/dist/hook/hook-fast-path.js' : 'apps/cli/dist/main.js')).href;
      const record = mode === 'bundle' || !distEntriesSeen.has(distEntry);
      const r = runIn(mode, w, args, { record, ...(line.env === undefined ? {} : { env: line.env }), ...(line.input === undefined ? {} : { input: line.input(w) }) });
      printed[mode].push(normal(w, `$ engram ${args.join(' ')}\nexit ${r.status}\n${r.stdout}\n--- stderr\n${r.stderr}`));
      const fromDist = r.loaded.filter((url) => url.startsWith(pathToFileURL(join(ROOT, 'apps/cli/dist')).href));
      if (mode === 'dist') {
        if (record) expect(fromDist, `${args.join(' ')} from dist/`).toContain(distEntry);
        distEntriesSeen.add(distEntry);
      } else {
        expect(fromDist, `${args.join(' ')} from the bundle`).toEqual([]);
        // Nor a package's module from its dist/: what the bundle leaves to run time (the model
        // stack, the learning that calls a model) never runs on these paths.
        expect(r.loaded.filter((url) => url.startsWith(pathToFileURL(join(ROOT, 'packages')).href)), `${args.join(' ')} from the bundle`).toEqual([]);
        expect(r.loaded, `${args.join(' ')} from the bundle`).toContain('node:vm');
      }
    }
  }
  return printed;
};

/** Each command line runs twice (with the module recorder); a loaded 2-core machine takes seconds a process. */
const TEST_TIMEOUT_MS = 600_000;

const roots = (w: World) => ['--home', w.home, '--project', w.project];

beforeAll(() => {
  // `npm test` builds (bundles included) before the e2e suites; building here would race other suites.
  if (!existsSync(join(BUNDLES, 'built-from.json'))) throw new Error('apps/cli/dist/bundle is not built: run `npm run build`');
});

describe('the bundled CLI prints what dist/ prints (built CLI)', () => {
  it('engram memory add, show and context: text, JSON, a redacted secret, usage errors', () => {
    const printed = bothWays([
      { args: (w) => ['memory', 'add', 'Run the tests before committing.', ...roots(w)] },
      { args: (w) => ['memory', 'add', 'Never push to main.', '--kind', 'never', '--scope', 'global', '--json', ...roots(w)] },
      { args: (w) => ['memory', 'add', 'The deploy key is AKIAIOSFODNN7EXAMPLE, keep it.', ...roots(w)] },
      { args: (w) => ['memory', 'add', 'A kind nobody knows.', '--kind', 'sometimes', ...roots(w)] },
      { args: (w) => ['memory', 'show', ...roots(w)] },
      { args: (w) => ['memory', 'list', '--json', ...roots(w)] },
      { args: (w) => ['memory', 'show', '--scope', 'everywhere', ...roots(w)] },
      { args: (w) => ['memory', 'context', '--message', 'run the tests', ...roots(w)] },
      { args: (w) => ['memory', 'context', '--json', ...roots(w)] },
      { args: (w) => ['memory', 'show', ...roots(w)], env: { ENGRAM_MEMORY_MODE: 'sometimes' } },
    ]);
    expect(printed.bundle).toEqual(printed.dist);
    // The lines say something: what was stored, shown, injected and refused.
    const all = printed.dist.join('\n');
    for (const seen of ['Run the tests before committing.', 'Never push to main.', '[REDACTED', '<remembered-notes>', 'exit 2', 'ENGRAM_MEMORY_MODE="sometimes"']) expect(all).toContain(seen);
  }, TEST_TIMEOUT_MS);

  it('engram hook, in process: a turn with a failing tool call, then what it learned and recall over its episodes', () => {
    type Payload = Record<string, unknown> & { why: string };
    const fixtures = new Map(loadFixtures<Payload>('hooks').map((f) => [f.file.replace(/\.json$/, ''), f.fixture]));
    const payload = (name: string) => (w: World) => {
      const recorded = fixtures.get(name);
      if (recorded === undefined) throw new Error(`no hook fixture ${name}`);
      return JSON.stringify(recorded).replaceAll('$PROJECT', w.project);
    };
    const env = { ENGRAM_SERVE: '0', ENGRAM_MEMORY_MODE: 'autopilot', ENGRAM_ACC_MODE: 'active' };
    const hook = (name: string, fixture: string) => ({ args: () => ['hook', name], input: payload(fixture), env });
    const printed = bothWays([
      hook('session-start', 'session-start'),
      hook('user-prompt-submit', 'user-prompt-submit'),
      hook('pre-tool-use', 'pre-tool-use-bash'),
      hook('post-tool-use', 'post-tool-use-failure-bash'),
      hook('pre-tool-use', 'pre-tool-use-bash'),
      hook('post-tool-use', 'post-tool-use-failure-bash'),
      hook('pre-tool-use', 'malformed-pre-tool-use'),
      hook('stop', 'stop'),
      { args: (w) => ['memory', 'show', '--json', ...roots(w)] },
      // What the turn left in the episodes, found again: ranked, literal, as JSON, and refused.
      { args: (w) => ['recall', 'why does the build fail: tsc not found', ...roots(w)] },
      { args: (w) => ['recall', 'npm', '--literal', '--max', '2', '--json', ...roots(w)] },
      { args: (w) => ['recall', 'no such words anywhere', ...roots(w)] },
      { args: (w) => ['recall', '   ', ...roots(w)] },
      { args: (w) => ['recall', 'npm', '--max', '0', ...roots(w)] },
    ]);
    expect(printed.bundle).toEqual(printed.dist);
    const all = printed.dist.join('\n');
    expect(all).toContain('hookSpecificOutput');
    expect(all).toContain('tool_input');
    expect(all).toContain('"query":"npm"');
    expect(all).toMatch(/\$ engram recall {5}--home[^\n]*\nexit 2\n/);
  }, TEST_TIMEOUT_MS);

  it('every other command, from the main bundle: help, stats, logs, skills, why, errors', () => {
    const printed = bothWays([
      { args: (w) => ['memory', 'add', 'Run the tests before committing.', ...roots(w)] },
      { args: () => ['log', '--help'] },
      { args: () => ['hook', '--help'] },
      { args: (w) => ['memory', 'stats', ...roots(w)] },
      { args: (w) => ['memory', 'stats', '--json', ...roots(w)] },
      { args: (w) => ['memory', 'why', 'Run the tests', ...roots(w)] },
      { args: (w) => ['memory', 'pending', ...roots(w)] },
      { args: (w) => ['log', 'list', ...roots(w)] },
      { args: (w) => ['log', 'stats', join(w.root, 'no-such-log.jsonl')] },
      { args: (w) => ['skills', 'list', ...roots(w)] },
      { args: () => ['log', '--no-such-flag'] },
      { args: (w) => ['memory', 'stats', ...roots(w)], env: { ENGRAM_MEMORY_MODE: 'sometimes' } },
    ]);
    expect(printed.bundle).toEqual(printed.dist);
    const all = printed.dist.join('\n');
    for (const seen of ['Usage: engram log', 'Usage: engram hook', 'lessons', 'exit 1', 'exit 2', 'ENGRAM_MEMORY_MODE="sometimes"']) expect(all).toContain(seen);
  }, TEST_TIMEOUT_MS);
});

describe('what the bundles hold (built CLI)', () => {
  it("holds zod's English messages only, and a bad hook payload reads the same from a bundle as from dist/", () => {
    // zod's messages in every other language were a sixth of each hot bundle, read and initialised at every start (docs/cli-startup.md).
    const inputs = JSON.parse(readFileSync(join(ROOT, 'apps/cli/dist/bundle-inputs.json'), 'utf8')) as Record<string, readonly string[]>;
    const locales = Object.entries(inputs).flatMap(([file, held]) => held.filter((i) => /zod\/v4\/locales\//.test(i)).map((i) => `${file}: ${i.slice(i.indexOf('zod/'))}`));
    expect(locales.length).toBeGreaterThan(0);
    expect(locales.filter((l) => !l.endsWith('/locales/en.js') && !l.endsWith('/locales/index.js'))).toEqual([]);
    const payload = JSON.stringify({ session_id: 5, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 1 } });
    const said = (['dist', 'bundle'] as const).map((mode) => {
      const r = runIn(mode, world(), ['hook', 'pre-tool-use'], { env: { ENGRAM_SERVE: '0' }, input: payload, record: false });
      return `${r.status}: ${r.stderr}`;
    });
    expect(said[1]).toBe(said[0]);
    expect(said[0]).toContain('field "session_id"');
  });
});

describe('a stale bundle is never used (built CLI)', () => {
  it('the launcher runs dist/ once a package it was built from is newer than the bundle, the bundle before', () => {
    // A launcher of its own inside apps/cli (so packages resolve from it as from the real one),
    // beside a dist/ of its own: main.js re-exports the real one, bundle/ holds the real
    // memory-show bundle, and built-from.json names one file that stands for a package's
    // .tsbuildinfo. The real bundles' stamp is never touched (other suites run beside this one).
    const dir = mkdtempSync(join(ROOT, 'apps/cli', '.stale-bundle-'));
    try {
      mkdirSync(join(dir, 'bin'));
      mkdirSync(join(dir, 'dist/bundle/memory-show'), { recursive: true });
      copyFileSync(BIN, join(dir, 'bin/engram.js'));
      copyFileSync(join(ROOT, 'apps/cli/bin/load-bundle.js'), join(dir, 'bin/load-bundle.js'));
      copyFileSync(join(ROOT, 'apps/cli/package.json'), join(dir, 'package.json'));
      copyFileSync(join(BUNDLES, 'memory-show/main.cjs'), join(dir, 'dist/bundle/memory-show/main.cjs'));
      const main = join(dir, 'dist/main.js');
      writeFileSync(main, `export * from ${JSON.stringify(pathToFileURL(join(ROOT, 'apps/cli/dist/main.js')).href)};\n`);
      const built = join(dir, 'dist/built.tsbuildinfo');
      writeFileSync(built, '{}\n');
      const stamp = join(dir, 'dist/bundle/built-from.json');
      writeFileSync(stamp, `${JSON.stringify(['../built.tsbuildinfo'])}\n`);
      const now = Date.now() / 1000;
      const show = (w: World) => {
        const out = join(w.root, `loaded-${Math.random().toString(36).slice(2)}.txt`);
        const r = spawnSync(process.execPath, ['--import', RECORDER, join(dir, 'bin/engram.js'), 'memory', 'show', ...roots(w)], {
          encoding: 'utf8',
          cwd: w.project,
          timeout: 60_000,
          env: { ...process.env, ENGRAM_HOME: w.home, CLAUDE_PROJECT_DIR: '', ENGRAM_BUNDLE: '1', ENGRAM_RECORD_LOADS: out },
        });
        const loaded = existsSync(out) ? readFileSync(out, 'utf8').split('\n').map((line) => line.split('\t')[0] ?? '') : [];
        return { status: r.status, stdout: normal(w, r.stdout), stderr: r.stderr, bundle: loaded.includes('node:vm') && !loaded.includes(pathToFileURL(main).href) };
      };
      const w = world();
      // Built after the package: the bundle.
      utimesSync(built, now - 120, now - 120);
      utimesSync(stamp, now - 60, now - 60);
      const fresh = show(w);
      expect(fresh).toMatchObject({ status: 0, stderr: '', bundle: true });
      // The package built again since (a `tsc -b` after `npm run build`): dist/, with the same output.
      utimesSync(built, now, now);
      const stale = show(w);
      expect(stale).toMatchObject({ status: 0, stderr: '', bundle: false, stdout: fresh.stdout });
      expect(fresh.stdout).toContain('lessons: 0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, TEST_TIMEOUT_MS);
});

describe('a bundle imports what it does not hold, from its code cache too (built CLI)', () => {
  // Node 20 gives code that V8 read back from a code cache no dynamic-import callback: an
  // `import()` left in a bundle worked at the first run and failed with "A dynamic import callback
  // was not specified" at every run after it, once the launcher had written the cache. bundle-cli
  // now writes each as `__engramImport(...)`, which bin/load-bundle.js passes in. `memory stats`
  // is a command none of these bundles holds: each imports it from dist/ when it runs.
  const SNAPSHOTS = join(ROOT, 'apps/cli/dist/snapshot');
  const LOAD_BUNDLE = pathToFileURL(join(ROOT, 'apps/cli/bin/load-bundle.js')).href;

  it.each(['memory-show', 'memory-add', 'memory-context', 'recall'])('bundle %s: the launcher, before and after its code cache, and its start-up snapshot', (name) => {
    const w = world();
    const file = join(BUNDLES, name, 'main.cjs');
    const args = ['memory', 'stats', ...roots(w)];
    const program = `const { loadBundle } = await import(${JSON.stringify(LOAD_BUNDLE)}); process.exitCode = await loadBundle(${JSON.stringify(file)}).run(${JSON.stringify(args)});`;
    const launched = () => spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8', cwd: w.project, timeout: 60_000, env: { ...process.env, ENGRAM_HOME: w.home } });
    const cache = `${file}.${process.version}-${process.arch}.cache`;
    const first = launched();
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('logs 0');
    expect(existsSync(cache)).toBe(true);
    const written = statSync(cache).mtimeMs;
    const second = launched();
    // The second run read the cache back (a rejected cache is written again at exit).
    expect(statSync(cache).mtimeMs).toBe(written);
    expect({ status: second.status, stdout: second.stdout, stderr: second.stderr }).toEqual({ status: 0, stdout: first.stdout, stderr: '' });
    const snapshot = spawnSync(process.execPath, ['--snapshot-blob', join(SNAPSHOTS, `${name}.blob`), ...args], { encoding: 'utf8', cwd: w.project, timeout: 60_000, env: { ...process.env, ENGRAM_HOME: w.home, NODE_OPTIONS: '' } });
    expect({ status: snapshot.status, stdout: snapshot.stdout }).toEqual({ status: 0, stdout: first.stdout });
  });
});
