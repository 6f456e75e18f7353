import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { join } from 'node:path';

/** The repository root: children run from here so `tsx` and the workspace packages resolve. */
export const REPO = join(import.meta.dirname, '..', '..');

/** Starts a TypeScript script as a real child process, on the packages' TS sources. */
export const spawnTs = (script: string, args: readonly string[], stdio: StdioOptions = ['ignore', 'ignore', 'pipe']): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', '--conditions=@engram/source', script, ...args], { cwd: REPO, stdio });

/** Runs a TypeScript script to completion; rejects with its stderr unless it exits 0. */
export const runTs = (script: string, args: readonly string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawnTs(script, args);
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} ${args.join(' ')} exited ${code}: ${err}`))));
  });
