import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'apps/cli/bin/engram.js');

export interface EngramRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built CLI without blocking this process (the fake LLM server it talks to lives here),
 * with only the environment given: no real key or config can leak in.
 */
export const runEngram = (args: readonly string[], options: { env: Readonly<Record<string, string>>; cwd: string }): Promise<EngramRun> => {
  if (!existsSync(join(ROOT, 'apps/cli/dist/main.js'))) {
    throw new Error('the CLI is not built: run `npx tsc -b tsconfig.build.json` (npm test does) before the e2e suites');
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env['PATH'] ?? '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
};
