import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { readLogFile } from '@engram/store';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../cli/run-cli.js';

/** How long the test waits for round 1 to reach the disk before it calls the run stuck. */
const ROUND_ONE_WITHIN_MS = 30_000;
const POLL_MS = 100;

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

const roundOneOnDisk = (events: string): string | null => {
  if (!existsSync(events)) return null;
  for (const f of readdirSync(events).filter((name) => name.endsWith('.jsonl'))) {
    const log = join(events, f);
    if (readLogFile(log).events.some((e) => e.type === 'executive.round.completed')) return log;
  }
  return null;
};

const waitFor = async <T>(probe: () => T | null, ms: number): Promise<T | null> => {
  const until = Date.now() + ms;
  for (let v = probe(); Date.now() < until; v = probe()) {
    if (v !== null) return v;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return probe();
};

describe('engram run killed mid-turn', () => {
  it.each(['SIGKILL', 'SIGTERM'] as const)('keeps the events of every completed round (%s)', async (signal) => {
    const root = mkdtempSync(join(tmpdir(), 'engram-killed-'));
    const project = join(root, 'project');
    const cassette = join(ROOT, 'tests/fixtures/run/killed-mid-turn.cassette.json');
    const child = spawn(process.execPath, [BIN, 'run', '--task', 'compute then wait', '--llm', `scripted:${cassette}`, '--home', join(root, 'home'), '--project', project], { cwd: ROOT, stdio: 'ignore' });
    children.push(child);
    const log = await waitFor(() => roundOneOnDisk(join(project, '.engram', 'events')), ROUND_ONE_WITHIN_MS);
    expect(log, 'round 1 reached the disk while the turn was still running').not.toBeNull();
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
    const { events, problems } = readLogFile(log as string);
    expect(problems).toEqual([]);
    const executed = events.find((e) => e.type === 'scratchpad.cell.executed');
    expect(executed?.type === 'scratchpad.cell.executed' && executed.data.stdout).toBe('42\n');
    // SIGTERM ends the turn as Ctrl-C does: cancelled, recorded, nothing half-written.
    if (signal === 'SIGTERM') expect(events.map((e) => e.type)).toContain('executive.turn.cancelled');
  }, 90_000);
});
