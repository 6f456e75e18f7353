import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readLogFile } from '@engram/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../cli/run-cli.js';
import { loadFixtures } from '../support/load-fixtures.js';

/**
 * The hook path must not load the model stack: Effect and the Anthropic SDK alone took about half
 * a second of every hook process (one per tool call). These runs record every module a real
 * process loads (built JavaScript, a loader hook preloaded with `--import`) and check the list.
 */
const RECORDER = pathToFileURL(join(import.meta.dirname, 'record-loads.mjs')).href;
const RUNTIME = pathToFileURL(join(ROOT, 'packages/runtime/dist/index.js')).href;
const STORE_EFFECT = pathToFileURL(join(ROOT, 'packages/store/dist/effect.js')).href;

/** What only a model needs: Effect, the Anthropic SDK, and engram's LLM package. */
const MODEL_STACK = /\/node_modules\/(effect|@anthropic-ai\/sdk)\/|\/packages\/llm\//;

type Payload = Record<string, unknown> & { why: string };
const fixtures = new Map(loadFixtures<Payload>('hooks').map((f) => [f.file.replace(/\.json$/, ''), f.fixture]));

interface Recorded {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Every module the process loaded (URL), with the first module that imported it ('' for the entry). */
  readonly loaded: ReadonlyMap<string, string>;
}

const record = (args: readonly string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}): Recorded => {
  const out = join(mkdtempSync(join(tmpdir(), 'engram-loads-')), 'loaded.txt');
  const r = spawnSync(process.execPath, ['--import', RECORDER, ...args], {
    encoding: 'utf8',
    cwd: ROOT,
    timeout: 60_000,
    env: { ...process.env, ...options.env, ENGRAM_RECORD_LOADS: out },
    ...(options.input === undefined ? {} : { input: options.input }),
  });
  const loaded = new Map<string, string>();
  for (const line of existsSync(out) ? readFileSync(out, 'utf8').split('\n') : []) {
    const [url = '', importer = ''] = line.split('\t');
    if (url !== '' && !loaded.has(url)) loaded.set(url, importer);
  }
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, loaded };
};

/** A host-driven session without a model, through the public API: a turn with a failing tool call, learning, close. */
const hostDrivenSession = (home: string, project: string, extra = ''): string => `
  const { createBrain } = await import(${JSON.stringify(RUNTIME)});
  const brain = createBrain({ home: ${JSON.stringify(home)}, project: ${JSON.stringify(project)}, env: {} });
  const s = brain.session();
  await s.memoryContext('build it');
  s.startTurn('build it');
  const id = s.toolCalled({ name: 'Bash', input: { command: 'npm run build' } });
  await s.preCall(id, 'Bash', { command: 'npm run build' });
  s.toolResulted({ id, name: 'Bash', ok: false, error: 'sh: tsc: command not found' });
  s.endRound();
  s.endTurn('it does not build');
  await s.settled();
  await s.close();
  ${extra}
  console.log(s.eventLog);
`;

/**
 * Where the model stack got in: each import of one of its modules by a module outside it
 * (`importer -> module`). Empty exactly when none of it loaded, and names the culprit when some did.
 */
const modelStackEntries = (loaded: ReadonlyMap<string, string>): string[] =>
  [...loaded].filter(([url, importer]) => MODEL_STACK.test(url) && !MODEL_STACK.test(importer)).map(([url, importer]) => `${importer.replace(`file://${ROOT}/`, '')} -> ${url.replace(`file://${ROOT}/`, '')}`);

beforeAll(() => {
  // `npm test` builds before the e2e suites; building here would race other suites running the CLI.
  for (const built of ['apps/cli/dist/main.js', 'packages/runtime/dist/index.js', 'packages/store/dist/effect.js'])
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is not built: run node_modules/.bin/tsc -b tsconfig.build.json`);
});

describe('what the hook path loads (built JavaScript)', () => {
  it('a host-driven session without a model loads neither Effect nor the LLM stack', () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-lazy-'));
    const r = record(['--input-type=module', '-e', hostDrivenSession(join(root, 'home'), join(root, 'project'))]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    // The session really ran: its log holds the turn, the failed call and the end of the session.
    const types = readLogFile(r.stdout.trim()).events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['executive.turn.started', 'executive.tool.resulted', 'executive.turn.completed', 'executive.session.ended']));
    expect(r.loaded.has(RUNTIME)).toBe(true);
    expect(modelStackEntries(r.loaded)).toEqual([]);
  });

  it('the recorder sees Effect when something does load it (the check above can fail)', () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-lazy-'));
    const r = record(['--input-type=module', '-e', hostDrivenSession(join(root, 'home'), join(root, 'project'), `await import(${JSON.stringify(STORE_EFFECT)});`)]);
    expect(r.status).toBe(0);
    const entries = modelStackEntries(r.loaded);
    expect(entries).not.toEqual([]);
    for (const entry of entries) expect(entry).toMatch(/^packages\/store\/dist\/\S+ -> \S*\/node_modules\/effect\//);
  });

  it('`engram hook pre-tool-use` loads neither Effect nor the LLM stack', () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-lazy-hook-'));
    const project = join(root, 'project');
    mkdirSync(project, { recursive: true });
    const env = { ENGRAM_HOME: join(root, 'home'), CLAUDE_PROJECT_DIR: '', ENGRAM_MEMORY_MODE: 'autopilot', ENGRAM_ACC_MODE: 'active' };
    const payload = (name: string) => {
      const recorded = fixtures.get(name);
      if (recorded === undefined) throw new Error(`no fixture ${name}`);
      return JSON.stringify(recorded).replaceAll('$PROJECT', project);
    };
    for (const [hook, fixture] of [
      ['session-start', 'session-start'],
      ['user-prompt-submit', 'user-prompt-submit'],
    ] as const) {
      const r = spawnSync(process.execPath, [BIN, 'hook', hook], { input: payload(fixture), encoding: 'utf8', cwd: ROOT, timeout: 60_000, env: { ...process.env, ...env } });
      expect(r.stderr).toBe('');
    }
    // From dist/, module by module (ENGRAM_BUNDLE=0), where the recorder sees each one. The bundle
    // (apps/cli/scripts/bundle-cli.mjs) runs the same modules: esbuild keeps a dynamic import's
    // module unevaluated until the import runs, so what dist/ does not load, the bundle does not run.
    const r = record([BIN, 'hook', 'pre-tool-use'], { env: { ...env, ENGRAM_BUNDLE: '0' }, input: payload('pre-tool-use-bash') });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect([...r.loaded.keys()].some((url) => url.endsWith('/apps/cli/dist/hook/run-hook.js'))).toBe(true);
    expect(modelStackEntries(r.loaded)).toEqual([]);
  });
});
