// `npm run build` (apps/cli's build, after bundle-cli.mjs): builds dist/snapshot/hook.blob, a V8
// start-up snapshot of the hook bundle after one warm-up turn (hook-snapshot-entry.cjs), for the
// Node that runs this build, and hook.sh, which bin/engram-hook sources to decide whether
// the blob may start a hook (docs/cli-startup.md, "The hook's start-up snapshot").
//
// Best effort: when the snapshot cannot be built, engram-hook starts the launcher, as before, and
// this says why. A blob is tied to one Node binary, so it is never published (package.json
// "files"); in an installed package `engram-hook --build-snapshot` runs this script.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(CLI, 'dist', 'snapshot');
const BUNDLES = join(CLI, 'dist', 'bundle');
const bundle = join(BUNDLES, 'hook', 'hook-fast-path.cjs');
const entry = fileURLToPath(new URL('hook-snapshot-entry.cjs', import.meta.url));
const launcher = join(CLI, 'bin', 'engram.js');

/** A value in single quotes for sh. */
const quoted = (text) => `'${text.replaceAll("'", "'\\''")}'`;

/** hook.sh: the facts bin/engram-hook tests before it starts Node from the blob. */
const snapshotFacts = (node, dir, stale) =>
  `# Written by apps/cli/scripts/snapshot-hook.mjs with hook.blob; sourced by bin/engram-hook.\nsnapshot_node=${quoted(node)}\nsnapshot_dir=${quoted(dir)}\nsnapshot_from=${quoted(stale.join('\n'))}\n`;

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const blob = join(OUT, 'hook.blob');
const tmp = `${blob}.${process.pid}.tmp`;
// No ENGRAM_* setting of the shell that runs the build reaches the warm-up (the entry clears them
// too): a store URL there would send the warm-up's turn to that store.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('ENGRAM_')));
const r = spawnSync(process.execPath, ['--snapshot-blob', tmp, '--build-snapshot', entry, bundle, launcher], { cwd: OUT, env, encoding: 'utf8' });
// The builder warns about Node modules "not yet fully verified" in snapshots: expected, not shown.
const problems = (r.stderr ?? '').split('\n').filter((line) => line.trim() !== '' && !/not yet fully verified|may still work|To request support|issue tracker|--trace-warnings/.test(line));
if (r.status !== 0) {
  rmSync(tmp, { force: true });
  process.stderr.write(`engram: the hook's start-up snapshot was not built (engram-hook starts the launcher instead): ${problems.join(' ') || `node exited ${r.status ?? r.signal}`}\n`);
  // Asked for by name (`engram-hook --build-snapshot`), a failure is the command's failure; in `npm run build`, best effort.
  if (process.argv.includes('--report')) process.exitCode = 1;
} else {
  renameSync(tmp, blob);
  // What the blob was built from, as shell variables bin/engram-hook sources (a file it reads line
  // by line costs a system call a byte in dash): the Node that built it, this folder, and every
  // file a newer copy of which makes the blob stale (the bundle, this builder, and the launcher's
  // own test of the bundles: each package's .tsbuildinfo named in built-from.json).
  const stale = [bundle, entry, ...JSON.parse(readFileSync(join(BUNDLES, 'built-from.json'), 'utf8')).map((from) => resolve(BUNDLES, from))];
  writeFileSync(join(OUT, 'hook.sh'), snapshotFacts(process.execPath, OUT, stale));
  if (process.argv.includes('--report')) process.stdout.write(`engram-hook: built ${blob} (${(statSync(blob).size / 1e6).toFixed(1)} MB) for ${process.execPath} ${process.version}\n`);
}
