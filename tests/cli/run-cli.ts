import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'apps/cli/bin/engram.js');
/** The `engram` command (package.json "bin", what npm links): a shell script that starts hooks and hot commands from start-up snapshots or the served-hook client, else the launcher. */
export const ENGRAM = join(ROOT, 'apps/cli/bin/engram');

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built CLI as a user would (`npm test` builds before the e2e suites run). */
export const runCli = (args: readonly string[], env: NodeJS.ProcessEnv = {}): CliResult => {
  // JSON reports (sim, replay of big logs) can pass spawnSync's default 1 MB buffer, which would cut them.
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, cwd: ROOT, timeout: 120_000, maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

export const spawnCli = (args: readonly string[]) => spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
