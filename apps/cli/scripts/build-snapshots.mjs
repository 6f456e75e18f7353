// `npm run build` (apps/cli's build, after bundle-cli.mjs): builds a V8 start-up snapshot of each
// hot command's bundle in dist/snapshot/ (NAME.blob, by snapshot-entry.cjs, after a warm-up of that
// command), for the Node that runs this build, and start.sh, which bin/engram sources to decide
// whether a blob may start a command (docs/cli-startup.md, "Start-up snapshots").
//
// Best effort: a snapshot that cannot be built is left out, bin/engram starts that command from the
// launcher, as before, and this says why. A blob is tied to one Node binary, so none is published
// (package.json "files"); in an installed package `engram --build-snapshots` runs this script.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(CLI, 'dist', 'snapshot');
const BUNDLES = join(CLI, 'dist', 'bundle');
const ENTRY = fileURLToPath(new URL('snapshot-entry.cjs', import.meta.url));
const LAUNCHER = join(CLI, 'bin', 'engram.js');
const report = process.argv.includes('--report');

/** A Claude Code hook payload of the warm-up session. */
const payload = (project, event, fields) => JSON.stringify({ session_id: 'snapshot-warm-up', transcript_path: join(project, 'transcript.jsonl'), cwd: project, permission_mode: 'default', hook_event_name: event, ...fields });

/**
 * The snapshots, one per bundle that bin/engram routes to one (bin/engram.js bundleName), and the
 * command lines each runs before its heap is taken, with the exit each must give.
 */
const SNAPSHOTS = {
  hook: {
    bundle: 'hook/hook-fast-path.cjs',
    hook: true,
    steps: (home, project) => {
      const call = { tool_name: 'Bash', tool_input: { command: 'npm run build' } };
      const failed = { stdout: '', stderr: 'sh: tsc: command not found', exit_code: 127 };
      return [
        ['session-start', 'SessionStart', { source: 'startup' }],
        ['user-prompt-submit', 'UserPromptSubmit', { prompt: 'Build the project.' }],
        ['pre-tool-use', 'PreToolUse', { ...call, tool_use_id: 'toolu_warm_1' }],
        ['post-tool-use', 'PostToolUse', { ...call, tool_use_id: 'toolu_warm_1', tool_response: failed }],
        ['pre-tool-use', 'PreToolUse', { ...call, tool_use_id: 'toolu_warm_2' }],
        ['post-tool-use', 'PostToolUse', { ...call, tool_use_id: 'toolu_warm_2', tool_response: failed }],
        ['stop', 'Stop', { stop_hook_active: false, last_assistant_message: 'It does not build.' }],
      ].map(([name, event, fields]) => ({ args: ['hook', name, '--home', home], stdin: payload(project, event, fields) }));
    },
  },
  'memory-show': {
    bundle: 'memory-show/main.cjs',
    steps: (home, project) => [{ args: ['memory', 'show', '--home', home, '--project', project] }, { args: ['memory', 'list', '--json', '--home', home, '--project', project] }],
  },
  'memory-add': {
    bundle: 'memory-add/main.cjs',
    steps: (home, project) => [
      { args: ['memory', 'add', 'Run the build before the tests.', '--home', home, '--project', project] },
      { args: ['memory', 'add', 'Never push to main.', '--kind', 'never', '--scope', 'global', '--json', '--home', home, '--project', project] },
      { args: ['memory', 'add', 'A kind nobody knows.', '--kind', 'sometimes', '--home', home, '--project', project], exit: 2 },
    ],
  },
  // A ranked recall, up to where it opens the episode index: the entry refuses to load SQLite's
  // native module during a warm-up (a heap cannot hold one), so the step fails there (exit 1), with
  // the command line, the store and the recall code before the index run and compiled.
  recall: {
    bundle: 'recall/main.cjs',
    steps: (home, project) => [{ args: ['recall', 'why does the build fail', '--home', home, '--project', project], exit: 1 }],
  },
  // `memory show|list|context` on the files, from the quick memory bundle (no runtime): what
  // bin/engram starts for them when no store and no embedder is set.
  'memory-quick': {
    bundle: 'memory-quick/quick-memory-entry.cjs',
    steps: (home, project) => [
      { args: ['memory', 'show', '--home', home, '--project', project] },
      { args: ['memory', 'list', '--json', '--home', home, '--project', project] },
      { args: ['memory', 'context', '--message', 'run the tests', '--home', home, '--project', project] },
      { args: ['memory', 'context', '--json', '--home', home, '--project', project] },
    ],
  },
  'memory-context': {
    bundle: 'memory-context/main.cjs',
    steps: (home, project) => [{ args: ['memory', 'context', '--message', 'run the tests', '--home', home, '--project', project] }, { args: ['memory', 'context', '--json', '--home', home, '--project', project] }],
  },
};

/** A value in single quotes for sh. */
const quoted = (text) => `'${text.replaceAll("'", "'\\''")}'`;

// No ENGRAM_* setting of the shell that runs the build reaches a warm-up (the entry clears them
// too): a store URL there would send the warm-up's writes to that store.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('ENGRAM_')));
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const built = [];
const failed = [];
// Memory to show and rank, stored once through the launcher and copied for each warm-up (each
// writes to its own copy): two entries.
const seed = mkdtempSync(join(tmpdir(), 'engram-snapshot-seed-'));
const seeding = (() => {
  mkdirSync(join(seed, 'project'));
  for (const text of ['Run the tests before committing.', 'The build needs tsc from node_modules/.bin.']) {
    const r = spawnSync(process.execPath, [LAUNCHER, 'memory', 'add', text, '--home', join(seed, 'home'), '--project', join(seed, 'project')], { env, encoding: 'utf8' });
    if (r.status !== 0) return `seeding the warm-ups' memory: engram memory add exited ${r.status}: ${r.stderr.trim()}`;
  }
  return null;
})();
for (const [name, { bundle, hook = false, steps }] of Object.entries(SNAPSHOTS)) {
  const scratch = mkdtempSync(join(tmpdir(), `engram-snapshot-${name}-`));
  const blob = join(OUT, `${name}.blob`);
  const tmp = `${blob}.${process.pid}.tmp`;
  try {
    if (seeding !== null) throw new Error(seeding);
    cpSync(seed, scratch, { recursive: true });
    const home = join(scratch, 'home');
    const project = join(scratch, 'project');
    const plan = join(scratch, 'plan.json');
    writeFileSync(plan, JSON.stringify({ bundle: join(BUNDLES, bundle), hook, launcher: LAUNCHER, env: { ENGRAM_HOME: home, ENGRAM_SERVE: '0' }, cwd: project, steps: steps(home, project) }));
    const r = spawnSync(process.execPath, ['--snapshot-blob', tmp, '--build-snapshot', ENTRY, plan], { cwd: scratch, env, encoding: 'utf8' });
    // The builder warns about Node modules "not yet fully verified" in snapshots: expected, not shown.
    const said = (r.stderr ?? '').split('\n').filter((line) => line.trim() !== '' && !/not yet fully verified|may still work|To request support|issue tracker|--trace-warnings/.test(line));
    if (r.status !== 0) throw new Error(said.join(' ') || `node exited ${r.status ?? r.signal}`);
    renameSync(tmp, blob);
    built.push(name);
  } catch (error) {
    failed.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    rmSync(tmp, { force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}
rmSync(seed, { recursive: true, force: true });
// What the blobs were built from, as shell variables bin/engram sources (a file it read line by
// line would cost a system call a byte in dash): the Node that built them, this folder, the files
// a newer copy of which makes them stale (the bundles and the entry: snapshot_from), and what the
// bundles were built from (the launcher's own test of them: each package's .tsbuildinfo named in
// built-from.json, bundle_from), against which bin/engram also checks the served-hook client.
const bundleFrom = JSON.parse(readFileSync(join(BUNDLES, 'built-from.json'), 'utf8')).map((from) => resolve(BUNDLES, from));
writeFileSync(
  join(OUT, 'start.sh'),
  `# Written by apps/cli/scripts/build-snapshots.mjs with the blobs beside it; sourced by bin/engram.\nsnapshot_node=${quoted(process.execPath)}\nsnapshot_dir=${quoted(OUT)}\nsnapshot_from=${quoted([...Object.values(SNAPSHOTS).map(({ bundle }) => join(BUNDLES, bundle)), ENTRY].join('\n'))}\nbundle_from=${quoted(bundleFrom.join('\n'))}\n`,
);
for (const problem of failed) process.stderr.write(`engram: the start-up snapshot ${problem}\n(bin/engram starts that command from the launcher)\n`);
if (report) {
  for (const name of built) process.stdout.write(`engram: built ${join(OUT, `${name}.blob`)} (${(statSync(join(OUT, `${name}.blob`)).size / 1e6).toFixed(1)} MB) for ${process.execPath} ${process.version}\n`);
  // Asked for by name (`engram --build-snapshots`), a failure is the command's failure; in `npm run build`, best effort.
  if (failed.length > 0) process.exitCode = 1;
}
