import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';

/** The repository root. */
export const REPO = join(import.meta.dirname, '..', '..');

/**
 * Where compiled children go: inside tests/node_modules, so their imports of the workspace
 * packages resolve as the suites' own do, and no lint, type-check or dependency rule reads them.
 */
const CHILDREN = join(REPO, 'tests/node_modules/.engram-children');

/**
 * The child script as plain JavaScript: its own relative imports bundled in, the packages left as
 * imports of their built `dist/` (the suites that spawn children run after `npm test`'s build, as
 * the CLI's do). Compiled once per script in a worker, under a name of its content's hash, written
 * whole then renamed, so suites running side by side share one file. Run through `tsx` on the
 * sources instead, each child spent about 2.3 s of CPU more in its loader hooks (3.3 s against 1.0 s for a PostgreSQL
 * writer, `/usr/bin/time` on this 2-core machine), and the suites start dozens of children.
 */
const compiledIn = new Map<string, string>();
const compile = (script: string): string => {
  const result = buildSync({ entryPoints: [script], bundle: true, packages: 'external', format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'silent' });
  const code = result.outputFiles[0]?.text ?? '';
  const out = join(CHILDREN, `${basename(script, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(out) || readFileSync(out, 'utf8') !== code) {
    mkdirSync(CHILDREN, { recursive: true });
    const tmp = `${out}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, out);
  }
  compiledIn.set(script, out);
  return out;
};
const compiled = (script: string): string => compiledIn.get(script) ?? compile(script);

/** Starts a TypeScript script as a real child process, on the packages' built JavaScript. */
export const spawnTs = (script: string, args: readonly string[], stdio: StdioOptions = ['ignore', 'ignore', 'pipe']): ChildProcess =>
  spawn(process.execPath, [compiled(script), ...args], { cwd: REPO, stdio });

/** Runs a TypeScript script to completion; rejects with its stderr unless it exits 0. */
export const runTs = (script: string, args: readonly string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawnTs(script, args);
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} ${args.join(' ')} exited ${code}: ${err}`))));
  });
