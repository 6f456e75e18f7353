import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, runCli } from '../cli/run-cli.js';

export interface DemoHome {
  readonly home: string;
  readonly project: string;
  /** The demo's two session logs, oldest first. */
  readonly logs: readonly string[];
  readonly eventsDir: string;
}

/** Runs the built `engram demo` into a new temporary home (its project is `<home>/project`). */
export const demoHome = (): DemoHome => {
  const home = join(mkdtempSync(join(tmpdir(), 'engram-view-')), 'home');
  const r = runCli(['demo', '--home', home]);
  if (r.status !== 0) throw new Error(`engram demo failed: ${r.stderr}`);
  const project = join(home, 'project');
  const eventsDir = join(project, '.engram', 'events');
  const logs = readdirSync(eventsDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(eventsDir, f));
  return { home, project, logs, eventsDir };
};

/** Spawns the built CLI and resolves with the first stdout line that is a URL (what `engram view` prints). */
export const startCliForUrl = (args: readonly string[], stream: 'stdout' | 'stderr' = 'stdout', pattern = /http:\/\/127\.0\.0\.1:\d+\//, env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let seen = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no URL within 30 s; output: ${seen}`));
    }, 30_000);
    child[stream]?.on('data', (c: Buffer) => {
      seen += c.toString('utf8');
      const m = pattern.exec(seen);
      if (m !== null) {
        clearTimeout(timer);
        resolve({ child, url: m[0] });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before printing a URL: ${seen}`));
    });
  });

/** Stops a spawned CLI with SIGTERM and resolves with its exit code. */
export const stopCli = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
