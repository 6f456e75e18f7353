import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFixtures } from '../support/load-fixtures.js';
import { BIN, ENGRAM, ROOT } from './run-cli.js';

/**
 * `engram hook NAME`, `engram memory show|list|add|context` and `engram recall`, run as the `engram` command
 * (apps/cli/bin/engram), start from the V8 start-up snapshots that `npm run build` leaves in
 * apps/cli/dist/snapshot (scripts/build-snapshots.mjs): heaps in which a warm-up of the command
 * already ran. These tests hold what that must not change: a command started from a snapshot
 * prints and writes what the launcher's does, two hooks started from one share no random state,
 * and the script starts the launcher whenever a snapshot may not be used.
 */
const SNAPSHOT = join(ROOT, 'apps/cli/dist/snapshot');

interface World {
  readonly root: string;
  readonly home: string;
  readonly project: string;
}

const world = (): World => {
  const root = mkdtempSync(join(tmpdir(), 'engram-start-up-snapshot-'));
  const project = join(root, 'project');
  mkdirSync(project);
  return { root, home: join(root, 'home'), project };
};

/** In process, with what the bundled-CLI suite turns on: the learning a turn does, not only its log. */
const HOOK_ENV = { ENGRAM_SERVE: '0', ENGRAM_MEMORY_MODE: 'autopilot', ENGRAM_ACC_MODE: 'active', CLAUDE_PROJECT_DIR: '' };

type Way = 'snapshot' | 'launcher';

/** `engram ARGS` from its snapshot (the `engram` command) or from the launcher (`node bin/engram.js`). */
const engram = (way: Way, w: World, args: readonly string[], input = '', env: NodeJS.ProcessEnv = {}) => {
  const [command, argv] = way === 'snapshot' ? [ENGRAM, args] : [process.execPath, [BIN, ...args]];
  return spawnSync(command, argv, { encoding: 'utf8', cwd: w.project, timeout: 60_000, input, env: { ...process.env, ENGRAM_HOME: w.home, ...HOOK_ENV, NODE_OPTIONS: '', ...env } });
};

/** Every file a world holds, by its path in the world, folders, session ids, random ids and times made alike. */
const filesOf = (w: World): Record<string, string> => {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      // A resume checkpoint holds the hash of its log's bytes, times included: the log is compared instead.
      else if (!entry.name.endsWith('.resume')) out[normal(w, relative(w.root, path))] = normal(w, readFileSync(path, 'utf8'));
    }
  };
  walk(w.root);
  return out;
};

const normal = (w: World, text: string): string =>
  text
    .replaceAll(w.root, '<ROOT>')
    .replace(/\b\d{8}_\d{6}_[0-9a-f]{4}\b/g, '<SESSION>')
    .replace(/\b[0-9a-f]{16}(-[0-9a-z]+)?\b/g, '<ID>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, '<TIME>')
    .replace(/"(durationMs|ms|elapsedMs)":\d+/g, '"$1":<MS>')
    // A time in epoch milliseconds (a checkpoint's horizon, a file's mtime), fractional or not.
    .replace(/\b1\d{12}(\.\d+)?\b/g, '<EPOCH-MS>')
    // The instincts' summary of a session: its calls' times, the first in epoch ms, each next as the milliseconds since.
    .replace(/\[<EPOCH-MS>(,\d+)+\]/g, '[<CALL-TIMES>]')
    // The size of a log the instincts have read: its times and durations are not as many digits every run.
    .replace(/(\.jsonl",)\d+,/g, '$1<BYTES>,');

const explain = (bin: string, args: readonly string[] = ['hook', 'pre-tool-use'], env: NodeJS.ProcessEnv = {}) => {
  const r = spawnSync(bin, ['--explain-start', ...args], { encoding: 'utf8', env: { ...process.env, ENGRAM_BUNDLE: '', NODE_OPTIONS: '', ...env } });
  expect(r.status).toBe(0);
  // The first line; a second says when NODE_EXTRA_CA_CERTS is set aside (extra-ca-certs.e2e.test.ts).
  return r.stdout.split('\n')[0] ?? '';
};

beforeAll(() => {
  // `npm test` builds (the snapshot included) before the e2e suites run.
  for (const name of ['hook', 'memory-show', 'memory-add', 'memory-context', 'recall']) if (!existsSync(join(SNAPSHOT, `${name}.blob`))) throw new Error(`apps/cli/dist/snapshot/${name}.blob is not built: run \`npm run build\``);
});

/** The recorded Claude Code hook payloads (tests/fixtures/hooks), by fixture name. */
const hookFixtures = () => new Map(loadFixtures<Record<string, unknown> & { why: string }>('hooks').map((f) => [f.file.replace(/\.json$/, ''), f.fixture]));

/** Runs the same steps in the same folders, first from the launcher, then from the snapshots: what each printed and left. */
const bothWays = (steps: (w: World) => readonly { readonly args: readonly string[]; readonly input?: string }[]) => {
  // The same folders both times, one after the other: a call's key hashes its absolute paths.
  const w = world();
  const ran = (way: Way) => {
    mkdirSync(w.project, { recursive: true });
    try {
      const printed = steps(w).map(({ args, input }) => {
        const r = engram(way, w, args, input);
        return normal(w, `$ engram ${args.join(' ')}\nexit ${r.status}\n${r.stdout}--- stderr\n${r.stderr}`);
      });
      return { printed, files: filesOf(w) };
    } finally {
      rmSync(w.root, { recursive: true, force: true });
    }
  };
  return { launcher: ran('launcher'), snapshot: ran('snapshot') };
};

describe('engram starts hooks and memory commands from their snapshots and acts as the launcher does (built CLI)', () => {
  it('the hook turn of the bundled-CLI suite: same output, same exit, same files written', () => {
    expect(explain(ENGRAM)).toMatch(/^snapshot: .*hook\.blob/);
    const fixtures = hookFixtures();
    const turn: [string, string][] = [
      ['session-start', 'session-start'],
      ['user-prompt-submit', 'user-prompt-submit'],
      ['pre-tool-use', 'pre-tool-use-bash'],
      ['post-tool-use', 'post-tool-use-failure-bash'],
      ['pre-tool-use', 'pre-tool-use-bash'],
      ['post-tool-use', 'post-tool-use-failure-bash'],
      ['pre-tool-use', 'malformed-pre-tool-use'],
      ['post-tool-use', 'post-tool-use-read'],
      ['stop', 'stop'],
    ];
    const { launcher, snapshot } = bothWays((w) => turn.map(([name, fixture]) => ({ args: ['hook', name], input: JSON.stringify(fixtures.get(fixture)).replaceAll('$PROJECT', w.project) })));
    expect(snapshot.printed).toEqual(launcher.printed);
    expect(snapshot.files).toEqual(launcher.files);
    // The turn did something worth comparing: advice before the repeated call, a refusal, files learned into.
    const all = launcher.printed.join('\n');
    expect(all).toContain('hookSpecificOutput');
    expect(all).toContain('field "tool_input"');
    expect(Object.keys(launcher.files).filter((f) => f.endsWith('.jsonl')).length).toBeGreaterThan(0);
  }, 300_000);

  // Why: a hook run by hand with nothing on stdin (/dev/null, a character device) loads node:tty to
  // tell it from a terminal; an import() there, from the snapshot, made Node warn on stderr.
  it('a hook whose stdin is /dev/null says one line, the same from the snapshot as from the launcher', () => {
    const w = world();
    try {
      const said = (way: Way) => {
        const [command, argv] = way === 'snapshot' ? [ENGRAM, ['hook', 'pre-tool-use']] : [process.execPath, [BIN, 'hook', 'pre-tool-use']];
        const r = spawnSync(command, argv, { encoding: 'utf8', cwd: w.project, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ENGRAM_HOME: w.home, ...HOOK_ENV, NODE_OPTIONS: '' } });
        return { status: r.status, stdout: r.stdout, stderr: r.stderr };
      };
      const expected = { status: 0, stdout: '', stderr: expect.stringMatching(/^engram hook pre-tool-use: stdin is not JSON \([^\n]*\n$/) as string };
      expect(said('launcher')).toEqual(expected);
      expect(said('snapshot')).toEqual(expected);
    } finally {
      rmSync(w.root, { recursive: true, force: true });
    }
  });

  it('recall over the episodes of a hook turn: ranked, literal, as JSON, nothing found and refused, as the launcher prints it', () => {
    // The recall snapshot's warm-up stops where SQLite would load (a native module cannot be in a
    // heap): each run from it loads SQLite, then ranks as the launcher does.
    expect(explain(ENGRAM, ['recall', 'tsc'])).toMatch(/^snapshot: .*recall\.blob/);
    const w = world();
    try {
      const fixtures = hookFixtures();
      for (const [name, fixture] of [['session-start', 'session-start'], ['user-prompt-submit', 'user-prompt-submit'], ['pre-tool-use', 'pre-tool-use-bash'], ['post-tool-use', 'post-tool-use-failure-bash'], ['stop', 'stop']] as const) {
        expect(engram('launcher', w, ['hook', name], JSON.stringify(fixtures.get(fixture)).replaceAll('$PROJECT', w.project)).status).toBe(0);
      }
      const lines = [['why does the build fail: tsc not found'], ['npm', '--literal', '--max', '2', '--json'], ['no such words anywhere'], ['npm', '--max', '0']];
      const printed = (way: Way) =>
        lines.map((line) => {
          const args = ['recall', ...line, '--home', w.home, '--project', w.project];
          const r = engram(way, w, args);
          return normal(w, `$ engram ${args.join(' ')}\nexit ${r.status}\n${r.stdout}--- stderr\n${r.stderr}`);
        });
      const launcher = printed('launcher');
      expect(printed('snapshot')).toEqual(launcher);
      const all = launcher.join('\n');
      expect(all).toContain('(tool_result) Exit code 127');
      expect(all).toContain('"query":"npm"');
      expect(all).toMatch(/--max 0[^\n]*\nexit 2\n/);
    } finally {
      rmSync(w.root, { recursive: true, force: true });
    }
  }, 300_000);

  it('memory add, show, list and context: text, JSON, a redacted secret, usage errors', () => {
    const lines = [
      ['memory', 'add', 'Run the tests before committing.'],
      ['memory', 'add', 'Never push to main.', '--kind', 'never', '--scope', 'global', '--json'],
      ['memory', 'add', 'The deploy key is AKIAIOSFODNN7EXAMPLE, keep it.'],
      ['memory', 'add', 'A kind nobody knows.', '--kind', 'sometimes'],
      ['memory', 'show'],
      ['memory', 'list', '--json'],
      ['memory', 'show', '--scope', 'everywhere'],
      ['memory', 'context', '--message', 'run the tests'],
      ['memory', 'context', '--json'],
    ];
    // `add` from its snapshot; `show`, `list` and `context` on the files from the quick memory snapshot (quick-memory.e2e.test.ts).
    for (const args of lines) expect(explain(ENGRAM, args)).toMatch(args[1] === 'add' ? /^snapshot: .*memory-add\.blob/ : /^snapshot: .*memory-quick\.blob/);
    const { launcher, snapshot } = bothWays((w) => lines.map((args) => ({ args: [...args, '--home', w.home, '--project', w.project] })));
    expect(snapshot.printed).toEqual(launcher.printed);
    expect(snapshot.files).toEqual(launcher.files);
    const all = launcher.printed.join('\n');
    for (const seen of ['Run the tests before committing.', 'Never push to main.', '[REDACTED', '<remembered-notes>', 'exit 2']) expect(all).toContain(seen);
  }, 300_000);

  it('hooks started from it at once share no random state: every id they write differs', async () => {
    const w = world();
    try {
      const projects = [0, 1, 2, 3].map((i) => join(w.root, `project-${i}`));
      const exits = await Promise.all(
        projects.map((project, i) => {
          mkdirSync(project);
          const payload = JSON.stringify({ session_id: `parallel-${i}`, transcript_path: join(project, 't.jsonl'), cwd: project, permission_mode: 'default', hook_event_name: 'SessionStart', source: 'startup' });
          const child = spawn(ENGRAM, ['hook', 'session-start'], { cwd: project, env: { ...process.env, ENGRAM_HOME: w.home, ...HOOK_ENV }, stdio: ['pipe', 'ignore', 'inherit'] });
          child.stdin.end(payload);
          return new Promise<number | null>((done) => child.on('close', done));
        }),
      );
      expect(exits).toEqual([0, 0, 0, 0]);
      const logs = projects.flatMap((project) => readdirSync(join(project, '.engram', 'events')).filter((f) => f.endsWith('.jsonl')).map((f) => join(project, '.engram', 'events', f)));
      expect(logs).toHaveLength(4);
      const ids = logs.flatMap((log) => readFileSync(log, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { id: string }).id));
      expect(ids.length).toBeGreaterThanOrEqual(4);
      // Each event id is a random prefix of the process and a counter: a prefix drawn at build time would repeat across logs.
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids.map((id) => id.split('-')[0])).size).toBe(4);
    } finally {
      rmSync(w.root, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * A copy of bin/engram in a folder of its own under apps/cli, beside an empty dist/snapshot: the
 * real build is never touched while other suites use it. `start` writes its start.sh: built by
 * the node that built the real snapshots, in `folder`, from `from`.
 */
const scriptCopy = (prefix: string) => {
  const dir = mkdtempSync(join(ROOT, 'apps/cli', prefix));
  const snap = join(dir, 'dist/snapshot');
  mkdirSync(join(dir, 'bin'));
  mkdirSync(snap, { recursive: true });
  const bin = join(dir, 'bin/engram');
  copyFileSync(ENGRAM, bin);
  const node = /^snapshot_node='(.*)'$/m.exec(readFileSync(join(SNAPSHOT, 'start.sh'), 'utf8'))?.[1] ?? '';
  expect(node).not.toBe('');
  const start = (folder: string, from: readonly string[]) => writeFileSync(join(snap, 'start.sh'), `snapshot_node='${node}'\nsnapshot_dir='${folder}'\nsnapshot_from='${from.join('\n')}'\n`);
  return { dir, snap, bin, node, start };
};

describe('engram starts the launcher when a snapshot may not be used (built CLI)', () => {
  it('says why for each reason, and a hook it starts that way still runs', () => {
    // The real hook blob linked (not copied) beside the copy.
    const { dir, snap, bin, node, start } = scriptCopy('.snapshot-choice-');
    try {
      const blob = join(snap, 'hook.blob');
      linkSync(join(SNAPSHOT, 'hook.blob'), blob);
      const from = join(dir, 'dist/built.tsbuildinfo');
      writeFileSync(from, '{}\n');
      const builtFrom = (folder: string) => start(folder, [join(dir, 'no-such-file'), from]);
      builtFrom(snap);
      const now = Date.now() / 1000;
      const blobTime = statSync(blob).mtimeMs / 1000;
      utimesSync(from, blobTime - 60, blobTime - 60);
      expect(explain(bin)).toBe(`snapshot: ${dir}/bin/../dist/snapshot/hook.blob (${node})`);
      expect(explain(bin, ['recall', 'tsc'])).toMatch(/^launcher: no recall snapshot in /);
      expect(explain(bin, ['log', 'list'])).toBe('launcher: no start-up snapshot for this command');
      expect(explain(bin, ['memory', 'show'])).toMatch(/^launcher: no memory-quick snapshot in /);
      expect(explain(bin, ['memory', 'show'], { ENGRAM_STORE: 'postgres://u@127.0.0.1:1/db' })).toMatch(/^launcher: no memory-show snapshot in /);
      expect(explain(bin, undefined, { ENGRAM_BUNDLE: '0' })).toBe('launcher: ENGRAM_BUNDLE=0');
      expect(explain(bin, undefined, { NODE_OPTIONS: '--max-old-space-size=512' })).toMatch(/^launcher: NODE_OPTIONS is set/);
      // Another node first on PATH: the blob is of the one that built it.
      const other = join(dir, 'other-node');
      mkdirSync(other);
      writeFileSync(join(other, 'node'), '#!/bin/sh\nexit 9\n', { mode: 0o755 });
      expect(explain(bin, undefined, { PATH: `${other}:${process.env['PATH'] ?? ''}` })).toMatch(/^launcher: the snapshot is of .*, the node on PATH is .*other-node\/node$/);
      builtFrom('/nowhere/dist/snapshot');
      expect(explain(bin)).toBe('launcher: the snapshot was built in /nowhere/dist/snapshot');
      builtFrom(snap);
      // A build since the snapshot (a `tsc -b` after `npm run build`): stale.
      utimesSync(from, now + 60, now + 60);
      expect(explain(bin)).toBe(`launcher: ${from} is newer than the snapshot`);
      rmSync(blob);
      expect(explain(bin)).toMatch(/^launcher: no hook snapshot in /);
      // The real script, with the snapshot turned off, runs the hook through the launcher.
      const w = world();
      const payload = JSON.stringify({ session_id: 'off', transcript_path: join(w.project, 't.jsonl'), cwd: w.project, permission_mode: 'default', hook_event_name: 'SessionStart', source: 'startup' });
      const off = spawnSync(ENGRAM, ['hook', 'session-start'], { encoding: 'utf8', cwd: w.project, input: payload, env: { ...process.env, ENGRAM_HOME: w.home, ...HOOK_ENV, ENGRAM_BUNDLE: '0' } });
      expect({ status: off.status, stderr: off.stderr }).toEqual({ status: 0, stderr: '' });
      expect(readdirSync(join(w.project, '.engram', 'events')).some((f) => f.endsWith('.jsonl'))).toBe(true);
      rmSync(w.root, { recursive: true, force: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a blob Node refuses (exit 14, another build of node installed over the one that made it) hands the command to the launcher', () => {
    // A blob every check passes but Node refuses: one built with a V8 flag the command line lacks,
    // as a blob of another build of node would be. Beside it the launcher, whose dist/main.js is
    // the real one (re-exported), so `memory show` can run when handed over.
    const { dir, snap, bin, start } = scriptCopy('.snapshot-refused-');
    try {
      copyFileSync(BIN, join(dir, 'bin/engram.js'));
      copyFileSync(join(ROOT, 'apps/cli/bin/load-bundle.js'), join(dir, 'bin/load-bundle.js'));
      copyFileSync(join(ROOT, 'apps/cli/package.json'), join(dir, 'package.json'));
      writeFileSync(join(dir, 'dist/main.js'), `export * from ${JSON.stringify(pathToFileURL(join(ROOT, 'apps/cli/dist/main.js')).href)};\n`);
      writeFileSync(join(dir, 'empty.cjs'), '');
      const built = spawnSync(process.execPath, ['--no-opt', '--snapshot-blob', join(snap, 'memory-quick.blob'), '--build-snapshot', join(dir, 'empty.cjs')], { encoding: 'utf8' });
      expect(built.status).toBe(0);
      start(snap, []);
      expect(explain(bin, ['memory', 'show'])).toMatch(/^snapshot: .*memory-quick\.blob/);
      const w = world();
      const r = spawnSync(bin, ['memory', 'show', '--home', w.home, '--project', w.project], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', ENGRAM_BUNDLE: '' } });
      expect(r.stderr).toMatch(/Failed to load the startup snapshot/);
      expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 0, stdout: expect.stringContaining('lessons: 0') as string });
      rmSync(w.root, { recursive: true, force: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * Why: bin/engram finds the hook's home in sh (as @engram/serve/client's resolveHome does) to
 * decide whether a service's socket is there; a home it found wrongly would start the 8.7 MB
 * snapshot for every served hook. Any listening Unix socket will do for the decision.
 */
describe('engram starts the served-hook client when the hook\'s home has a socket (built CLI)', () => {
  it('finds the home from --home, --home=, a relative --home, ENGRAM_HOME and ~/.engram, and not with ENGRAM_SERVE=0', async () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-client-route-'));
    const home = join(root, '.engram');
    const socket = join(home, 'run', 'engram.sock');
    mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
    const server = createServer();
    await new Promise<void>((done) => server.listen(socket, done));
    try {
      const client = `client: ${ROOT}/apps/cli/bin/../dist/bundle/hook-client/hook-client-main.cjs (engram serve at `;
      const ask = (args: readonly string[], env: NodeJS.ProcessEnv = {}) =>
        spawnSync(ENGRAM, ['--explain-start', 'hook', 'pre-tool-use', ...args], { encoding: 'utf8', cwd: root, env: { ...process.env, ENGRAM_HOME: '', ENGRAM_SERVE: '', ENGRAM_BUNDLE: '', ...env } }).stdout.split('\n')[0];
      expect(ask(['--home', home])).toBe(`${client}${socket})`);
      expect(ask([`--home=${home}`])).toBe(`${client}${socket})`);
      expect(ask(['--project', root, '--home', '.engram'])).toBe(`${client}${root}/.engram/run/engram.sock)`);
      expect(ask([], { ENGRAM_HOME: home })).toBe(`${client}${socket})`);
      expect(ask([], { HOME: root })).toBe(`${client}${socket})`);
      // Elsewhere, or kept in process: the hook snapshot.
      expect(ask(['--home', join(root, 'other')])).toMatch(/^snapshot: .*hook\.blob/);
      expect(ask(['--home', home], { ENGRAM_SERVE: '0' })).toMatch(/^snapshot: .*hook\.blob/);
    } finally {
      await new Promise((done) => server.close(done));
      rmSync(root, { recursive: true, force: true });
    }
  });
});
