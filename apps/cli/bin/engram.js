#!/usr/bin/env node
// Thin launcher: the CLI runs from built JavaScript so that hooks can start it per tool call quickly.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// bin/engram set NODE_EXTRA_CA_CERTS aside for a command that opens no TLS connection (Node reads
// it only as it starts): the user's setting again for every process this one starts.
const caCerts = process.env.ENGRAM_NODE_EXTRA_CA_CERTS;
delete process.env.ENGRAM_NODE_EXTRA_CA_CERTS;
if (caCerts && !process.env.NODE_EXTRA_CA_CERTS) process.env.NODE_EXTRA_CA_CERTS = caCerts;

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('engram: the CLI is not built yet. Run `npm run build` (or `npm start` / `npm test`) in the repository first.\n');
  // 1, not 2: a Claude Code PreToolUse hook that exits 2 blocks the tool call, and an unbuilt
  // engram must never stop the user's agent (hooks fail open).
  process.exit(1);
}
const argv = process.argv.slice(2);

/**
 * Whether `engram serve` has a socket for this hook's home (`--home`, else $ENGRAM_HOME, else
 * ~/.engram, as @engram/serve/client's resolveHome): then the hook is a small client that forwards
 * its payload, cheaper from dist/ than from the hook bundle, which holds the in-process hook too.
 */
const served = () => {
  if (process.env.ENGRAM_SERVE === '0') return false;
  const at = argv.findIndex((a) => a === '--home' || a.startsWith('--home='));
  const flag = at < 0 ? undefined : argv[at] === '--home' ? argv[at + 1] : argv[at].slice('--home='.length);
  const fromEnv = process.env.ENGRAM_HOME;
  return existsSync(join(resolve(flag ?? (fromEnv === undefined || fromEnv === '' ? join(homedir(), '.engram') : fromEnv)), 'run', 'engram.sock'));
};

/**
 * The bundle (apps/cli/scripts/bundle-cli.mjs) that starts this command line: one per hot
 * command, `main` (the whole CLI) for every other; null for a hook served by `engram serve`.
 */
const bundleName = () => {
  if (argv[0] === 'hook') return served() ? null : 'hook';
  if (argv[0] === 'recall') return 'recall';
  if (argv[0] !== 'memory') return 'main';
  if (argv[1] === 'show' || argv[1] === 'list') return 'memory-show';
  return argv[1] === 'add' || argv[1] === 'context' ? `memory-${argv[1]}` : 'main';
};

/**
 * dist/bundle/, when the bundles were built after every package they hold (a `tsc -b` run since
 * leaves them stale, and then dist/ runs) and not turned off; null otherwise.
 */
const bundles = () => {
  // ENGRAM_BUNDLE=0 (false, off, no): every command from dist/ (checkEngramEnv refuses a typo).
  if (['0', 'false', 'off', 'no'].includes(process.env.ENGRAM_BUNDLE ?? '')) return null;
  const dir = new URL('../dist/bundle/', import.meta.url);
  try {
    const stamp = new URL('built-from.json', dir);
    const built = statSync(stamp).mtimeMs;
    for (const from of JSON.parse(readFileSync(stamp, 'utf8'))) {
      // In an installed package none of these exists: its bundles are what was published.
      if ((statSync(new URL(from, dir), { throwIfNoEntry: false })?.mtimeMs ?? 0) > built) return null;
    }
    return dir;
  } catch {
    return null;
  }
};

/** Runs bundle NAME (bin/load-bundle.js, loaded only now: `--version` needs none of it) and returns its exports. */
const loadBundle = async (dir, name) => (await import('./load-bundle.js')).loadBundle(fileURLToPath(new URL(`${name}/${name === 'hook' ? 'hook-fast-path' : 'main'}.cjs`, dir)));

// `engram --version` prints the version of the package this launcher belongs to, read beside it:
// no commander and no command modules to load. It reads no setting, so an ENGRAM_* typo does not
// stop it; every other command still checks them.
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  createRequire(import.meta.url)('./print-version.cjs');
} else {
  const name = bundleName();
  const dir = name === null ? null : bundles();
  const entry = (unbundled, bundle) => (dir === null || bundle === null ? import(unbundled.href) : loadBundle(dir, bundle));
  // `engram hook <name>` runs once or twice per tool call: it goes straight to the small hook client
  // (no commander, no runtime) unless its arguments are not a plain hook call.
  const fast = argv[0] === 'hook' ? await (await entry(new URL('../dist/hook/hook-fast-path.js', import.meta.url), name)).hookFastPath(argv.slice(1)) : null;
  if (fast !== null) process.exitCode = fast;
  else {
    // The hook bundle holds only the fast path: anything else (`engram hook --help`) runs from `main`.
    const { run } = await entry(main, argv[0] === 'hook' ? (name === null ? null : 'main') : name);
    process.exitCode = await run(argv);
  }
}
