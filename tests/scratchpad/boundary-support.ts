import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CellResult, PadIsolation, ScratchpadHostOptions, ScratchpadRuntime } from '@engram/scratchpad';

const ROOT = join(import.meta.dirname, '..', '..');

/** A unique `sleep` duration: its text in a process's command line finds exactly the processes one test started. */
export const sleepToken = (): string => `300.${randomBytes(3).readUIntBE(0, 3).toString().padStart(8, '0')}`;

const isZombie = (pid: string): boolean => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\)\s/, '').startsWith('Z');
  } catch {
    return true;
  }
};

/** Live (non-zombie) processes whose command line contains the token. */
export const processesWith = (token: string): number[] => {
  const found: number[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
    } catch {
      continue;
    }
    if (cmdline.split('\0').includes(token) && !isZombie(pid)) found.push(Number(pid));
  }
  return found;
};

/** Waits (bounded: 3 s) until no process carries any of the tokens; returns the survivors, after killing them so a failing test leaves nothing behind. */
export const survivorsAfter = async (tokens: readonly string[]): Promise<number[]> => {
  let alive: number[] = [];
  for (let i = 0; i < 60; i++) {
    alive = tokens.flatMap(processesWith);
    if (alive.length === 0) return [];
    await new Promise((r) => setTimeout(r, 50));
  }
  for (const pid of alive) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
  }
  return alive;
};

export interface ChildRun {
  readonly result: CellResult;
  readonly hostPid: number;
  readonly isolation: PadIsolation;
  /** The host's `process.env.ANTHROPIC_API_KEY` after the pad ran, and what a non-pad child of the host inherited. */
  readonly hostKey: string | null;
  readonly childKey: string;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

/**
 * Runs one cell in a real, separate "engram" Node process (tests/scratchpad/pad-in-child.ts)
 * started with `env` added to this process's environment, which ends as `end` says.
 */
export const runInChildHost = (
  runtime: ScratchpadRuntime,
  end: 'close' | 'exit' | 'kill',
  code: string,
  env: Record<string, string> = {},
  options: ScratchpadHostOptions = {},
  /** Run the host as this user (through `setpriv`, so the test must run as root). */
  as?: { readonly uid: number; readonly gid: number },
): Promise<ChildRun> =>
  new Promise((resolve, reject) => {
    const nodeArgs = ['--conditions=@engram/source', '--import', 'tsx', join(ROOT, 'tests/scratchpad/pad-in-child.ts'), runtime, end, code];
    const [command, args] = as === undefined ? [process.execPath, nodeArgs] : ['setpriv', [`--reuid=${as.uid}`, `--regid=${as.gid}`, '--clear-groups', process.execPath, ...nodeArgs]];
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env, PAD_TEST_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('error', reject);
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (line === undefined) {
        reject(new Error(`the child host printed no result (exit ${exitCode ?? signal}); stderr: ${stderr}`));
        return;
      }
      const parsed = JSON.parse(line) as { result: CellResult; hostPid: number; isolation: PadIsolation; hostKey: string | null; childKey: string };
      resolve({ ...parsed, exitCode, signal, stderr });
    });
  });
