import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { readLogFile } from '@engram/store';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../cli/run-cli.js';

/** How long the long cell may take to start (python, the pad, round 1) before the run is called stuck. */
const CELL_RUNNING_WITHIN_MS = 30_000;
/** How long `engram run` may take to exit after the signal: the cell sleeps ten minutes, so exiting at all means it was killed. */
const EXIT_WITHIN_MS = 15_000;
/** How long the pad's processes may take to be reaped after engram exited. */
const GONE_WITHIN_MS = 5_000;
const POLL_MS = 100;

const children: ReturnType<typeof spawn>[] = [];
const roots: string[] = [];
const strays: number[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const pid of strays.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone, as it should be
    }
  }
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

const waitFor = async <T>(probe: () => T | null, ms: number): Promise<T | null> => {
  const until = Date.now() + ms;
  for (let v = probe(); Date.now() < until; v = probe()) {
    if (v !== null) return v;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return probe();
};

/**
 * The processes under `root`, as the host numbers them. The pad may run in a PID namespace of its
 * own (docs/scratchpad.md), where the pids a cell prints are the namespace's (2, 43...): those name
 * unrelated host processes, so the test never checks, or kills, what a cell printed.
 */
const descendants = (root: number): number[] => {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name (field 2) may hold spaces and parentheses; the fields after its last ')' are plain.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(name), ppid);
    } catch {
      // gone between the listing and the read
    }
  }
  const under = (pid: number): boolean => {
    for (let p = parent.get(pid), hops = 0; p !== undefined && p > 1 && hops < 64; p = parent.get(p), hops++) if (p === root) return true;
    return false;
  };
  return [...parent.keys()].filter(under);
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('engram run interrupted while a cell runs', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s kills the running cell and its pad, records the cancellation, and exits promptly with %i', async (signal, code) => {
    const root = mkdtempSync(join(tmpdir(), 'engram-interrupted-'));
    roots.push(root);
    const project = join(root, 'project');
    const cassette = join(ROOT, 'tests/fixtures/run/interrupted-cell.cassette.json');
    const child = spawn(process.execPath, [BIN, 'run', '--task', 'compute then wait', '--llm', `scripted:${cassette}`, '--home', join(root, 'home'), '--project', project], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (status) => r(status)));

    // The cell writes pad-pids.txt once it and its child run; the pad's processes are then everything under engram run.
    const pidsFile = join(project, 'pad-pids.txt');
    const started = await waitFor(() => (existsSync(pidsFile) && readFileSync(pidsFile, 'utf8').trim().split(' ').length === 2 ? true : null), CELL_RUNNING_WITHIN_MS);
    expect(started, `the long cell started (stderr: ${stderr})`).toBe(true);
    const pids = descendants(child.pid as number);
    strays.push(...pids);
    // At least the pad's Python and the sleep its cell started (a namespace adds its launcher and shell).
    expect(pids.length).toBeGreaterThanOrEqual(2);

    const sentAt = Date.now();
    child.kill(signal);
    const status = await Promise.race([exited, new Promise<'stuck'>((r) => setTimeout(() => r('stuck'), EXIT_WITHIN_MS))]);
    expect(status, `engram run exited within ${EXIT_WITHIN_MS} ms of ${signal} (stderr: ${stderr})`).toBe(code);
    expect(Date.now() - sentAt).toBeLessThan(EXIT_WITHIN_MS);
    expect(stderr).toContain(`interrupted by ${signal}`);

    // The pad's process and the child its cell started are gone.
    const survivors = await waitFor(() => {
      const left = pids.filter(alive);
      return left.length === 0 ? [] : null;
    }, GONE_WITHIN_MS);
    expect(survivors, `pad processes ${pids.filter(alive).join(', ')} outlived the run`).toEqual([]);

    const events = join(project, '.engram', 'events');
    const [logName] = readdirSync(events).filter((f) => f.endsWith('.jsonl'));
    const { events: log, problems } = readLogFile(join(events, logName as string));
    expect(problems).toEqual([]);
    const types = log.map((e) => e.type);
    // Round 1 completed and is on disk, with its cell's output.
    expect(types).toContain('executive.round.completed');
    const executed = log.find((e) => e.type === 'scratchpad.cell.executed');
    expect(executed?.type === 'scratchpad.cell.executed' && executed.data.stdout).toBe('42\n');
    // Round 2's cell was killed by the cancellation, then the turn was cancelled with the signal as its reason.
    const killed = log.find((e) => e.type === 'scratchpad.cell.killed');
    expect(killed?.type === 'scratchpad.cell.killed' && killed.data.reason).toMatch(/^Cancelled by request/);
    const cancelled = log.find((e) => e.type === 'executive.turn.cancelled');
    expect(cancelled?.type === 'executive.turn.cancelled' && cancelled.data.reason).toBe(`interrupted (${signal})`);
    expect(types.indexOf('scratchpad.cell.killed')).toBeLessThan(types.indexOf('executive.turn.cancelled'));
    // Nothing after the cancellation: the model was not asked for round 3, and nothing was learned.
    expect(types.filter((t) => t === 'llm.call.completed')).toHaveLength(2);
    expect(types).not.toContain('executive.turn.completed');
  }, 90_000);
});
